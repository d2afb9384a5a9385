// Whether `npm start` must build the web app first, and why (scripts/start.mjs says so before it builds).
import fs from 'node:fs';
import path from 'node:path';

/** What a build of apps/web/dist reads: when any of it is newer than the build, the build is stale. */
export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // The build's own plugins outside src (compression, the lean contracts); the explorer's chunk names and preloads
  // are in src (features/explorer/boot/build).
  'apps/web/precompress.ts',
  'apps/web/leanContracts.ts',
  'packages/contracts/src',
  // The web app's own packages: the plots and the tixel table's decoder.
  'packages/viz/src',
  'packages/spatial/src/webfiles',
];

function newestMtime(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { recursive: true })) {
    newest = Math.max(newest, fs.statSync(path.join(full, String(entry))).mtimeMs);
  }
  return newest;
}

/** null when apps/web/dist is up to date; otherwise the line `npm start` prints before it builds. */
export function webBuildNeeded(root, sources = WEB_SOURCES) {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(index)) {
    return 'Building the web app into apps/web/dist: the first start does this once (a minute or two)…';
  }
  const built = fs.statSync(index).mtimeMs;
  if (built >= Math.max(...sources.map((source) => newestMtime(path.join(root, source))))) return null;
  return 'Rebuilding the web app (apps/web/dist): its sources changed since the last build…';
}
