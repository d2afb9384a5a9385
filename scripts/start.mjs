// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (API + in-process workers) on the embedded profile unless the environment selects other drivers.
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { webBuildNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const building = webBuildNeeded(root);
if (building) {
  console.log(building);
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Web app built in ${Math.round((Date.now() - started) / 1000)} s. Starting the server…`);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
