// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (API + in-process workers) on the embedded profile unless the environment selects other drivers.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // The build's own plugins (chunk names, preloads, compression, the lean contracts).
  'apps/web/chunks.ts',
  'apps/web/explorer-preload.ts',
  'apps/web/precompress.ts',
  'apps/web/leanContracts.ts',
  'packages/contracts/src',
  // The web app's own packages: the plots and the tixel table's decoder.
  'packages/viz/src',
  'packages/spatial/src/webfiles',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { recursive: true })) {
    newest = Math.max(newest, fs.statSync(path.join(full, String(entry))).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app (first start or sources changed)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
