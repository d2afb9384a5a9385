#!/usr/bin/env bash
# Starts Debian's Chromium (or $CHROMIUM_PATH) with every --disable-features switch of its command line merged into
# one. Chromium keeps only the last --disable-features it is given, so the features e2e/chromium.ts turns off would
# otherwise replace the list Playwright passes before them. Everything else is passed on as it is.
set -euo pipefail
features=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if [ ${#features[@]} -gt 0 ]; then
  merged=$(IFS=,; echo "${features[*]}")
  args+=("--disable-features=${merged}")
fi
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}"
