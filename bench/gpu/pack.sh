#!/usr/bin/env bash
# Packs what bench/gpu/run.sh needs on the device machine, which has no Node, no browser and no registry: Node,
# playwright-core, bench/gpu/frames.ts bundled by esbuild, Debian's chromium-headless-shell with the libraries it
# links, the GL loader packages the device notes name, and the lab web build. The archive is split into .gpu/p1 and
# .gpu/p2 (git-ignored), each under the device tool's 64 MiB per call: the first call carries p1, the next p2 (how:
# bench/gpu/run.sh).
# Needs: `apt-get install chromium-headless-shell` and `npm run build:lab` here first.
set -euo pipefail
cd "$(dirname "$0")/../.."
CHROMIUM_DIR=/usr/lib/chromium
[ -x "$CHROMIUM_DIR/chromium-headless-shell" ] || { echo "apt-get install chromium-headless-shell first" >&2; exit 1; }
[ -f apps/web/dist-lab/viz-lab.html ] || [ -f apps/web/dist-lab/index.html ] || { echo "npm run build:lab first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{chromium,lib,gl,fonts,node_modules}

cp "$CHROMIUM_DIR"/{chromium-headless-shell,headless_lib_data.pak,headless_lib_strings.pak,headless_command_resources.pak} \
  "$CHROMIUM_DIR"/{icudtl.dat,snapshot_blob.bin,v8_context_snapshot.bin,libvulkan.so.1,libvk_swiftshader.so} \
  "$CHROMIUM_DIR"/vk_swiftshader_icd.json "$stage/chromium/"
# Every library it links but the C runtime's own, which the device's newer glibc provides; run.sh drops those the
# device already has.
ldd "$CHROMIUM_DIR/chromium-headless-shell" | awk '$3 ~ /^\// {print $3}' |
  grep -Ev '/(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s)\.so' | xargs -I{} cp -L {} "$stage/lib/"
(cd "$stage/gl" && apt-get download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 >/dev/null 2>&1)
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$stage/fonts/"
cat >"$stage/fonts/fonts.conf" <<'CONF'
<?xml version="1.0"?>
<fontconfig><dir>/tmp/gpu/fonts</dir><cachedir>/tmp/gpu/fonts/cache</cachedir></fontconfig>
CONF
cp "$(command -v node)" "$stage/node"
cp -r node_modules/playwright-core "$stage/node_modules/"
npx esbuild bench/gpu/frames.ts --bundle --platform=node --format=esm --target=node20 \
  --external:playwright-core --outfile="$stage/frames.mjs" --log-level=warning
cp -r apps/web/dist-lab "$stage/web"
find "$stage/web" \( -name "*.br" -o -name "*.gz" \) -delete # the portal's precompressed copies

rm -rf .gpu/p1 .gpu/p2
mkdir -p .gpu/p1 .gpu/p2
tar -C "$stage" -c . | xz -T0 -6 >.gpu/pack.tar.xz
split -b 50M .gpu/pack.tar.xz .gpu/part-
mv .gpu/part-aa .gpu/p1/
mv .gpu/part-a[b-z] .gpu/p2/
rm .gpu/pack.tar.xz
du -sh .gpu/p1 .gpu/p2
