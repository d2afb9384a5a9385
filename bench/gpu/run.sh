#!/usr/bin/env bash
# On the device machine (see bench/gpu/pack.sh), in two calls back to back while the machine is warm:
#   1. carry .gpu/p1, run `bench/gpu/run.sh stash`: keeps p1's part outside the checkout (the tool removes carried
#      paths a later call does not carry), and reports what the machine has (GPU, GL files);
#   2. carry .gpu/p2, run `bench/gpu/run.sh`: unpacks both parts into /tmp/gpu and measures the rows; the log and the
#      rows as JSON go to $OUT.
# Env: N (points, 5,000,000), ROUNDS (cold opens of each page, 3), GL (paths tried in order, vulkan,egl,gl).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/gpu-out}
mkdir -p "$OUT"
NV=/usr/local/nvidia/share
echo "== machine"; nvidia-smi -L; nproc; ls $NV/vulkan/icd.d $NV/glvnd/egl_vendor.d 2>&1 | tr '\n' ' '; echo
PARTS=/tmp/gpu-parts
if [ "${1:-}" = stash ]; then mkdir -p $PARTS && cp .gpu/p1/part-* $PARTS/ && ls -l $PARTS; exit; fi

G=/tmp/gpu
rm -rf "$G" && mkdir -p "$G"
unxz() { if command -v xz >/dev/null; then xz -d -T0; else python3 -c 'import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.stdin.buffer), sys.stdout.buffer)'; fi; }
cat $PARTS/part-* .gpu/p2/part-* | unxz | tar -x -C "$G" || { echo "unpack failed"; exit 1; }
if [ "${SKIP_GL_DEBS:-}" != 1 ]; then for f in "$G"/gl/*.deb; do dpkg -x "$f" /; done; ldconfig; fi
# Libraries the machine has are its own; the carried ones fill the gaps.
have=$(ldconfig -p | awk 'NR>1 {print $1}')
for lib in "$G"/lib/*; do grep -qxF "$(basename "$lib")" <<<"$have" && rm "$lib"; done
echo "== carried libraries used: $(ls "$G/lib" | tr '\n' ' ')"
export LD_LIBRARY_PATH="$G/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -f $NV/vulkan/icd.d/nvidia_icd.json ] && export VK_DRIVER_FILES=$NV/vulkan/icd.d/nvidia_icd.json
[ -f $NV/glvnd/egl_vendor.d/10_nvidia.json ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$NV/glvnd/egl_vendor.d/10_nvidia.json
export FONTCONFIG_FILE="$G/fonts/fonts.conf" CHROMIUM_PATH="$G/chromium/chromium-headless-shell"
echo "== rows"
# The browser's own output (GPU process errors included) goes to a file of its own, shown when the run fails.
DEBUG=pw:browser "$G/node" "$G/frames.mjs" --web "$G/web" --launcher e2e/chromium-launcher.sh --n "${N:-5000000}" \
  --rounds "${ROUNDS:-3}" --gl "${GL:-vulkan,egl,gl}" --out "$OUT/gpu-rows.json" 2>"$OUT/browser.log" | tee "$OUT/gpu-frames.log"
rc=${PIPESTATUS[0]}
[ "$rc" = 0 ] || { echo "== failed ($rc); the browser's log, last lines:"; grep -v "^\s*$" "$OUT/browser.log" | tail -60; }
exit "$rc"
