#!/usr/bin/env bash
# Starts Debian's Chromium (or $CHROMIUM_PATH) with every --disable-features switch of its command line merged into
# one, and every --enable-features switch likewise. Chromium keeps only the last of each it is given, so the
# features e2e/chromium.ts turns off (or the GPU bench turns on) would otherwise replace the list Playwright passes
# before them. Everything else is passed on as it is.
set -euo pipefail
disabled=()
enabled=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    --enable-features=*) enabled+=("${arg#--enable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if [ ${#disabled[@]} -gt 0 ]; then
  args+=("--disable-features=$(IFS=,; echo "${disabled[*]}")")
fi
if [ ${#enabled[@]} -gt 0 ]; then
  args+=("--enable-features=$(IFS=,; echo "${enabled[*]}")")
fi
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}"
