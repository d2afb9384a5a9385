import { E2E_DIRECTORY_PERSON } from './e2e-directory.js';
import { startSlapd } from './slapd.js';

/**
 * `tsx apps/server/test/slapd-server.ts --port N`: the browser suite's OpenLDAP server (playwright.config.ts starts it
 * beside the e2e server when Debian's slapd is installed), holding the people of e2e-directory.ts until SIGTERM, when
 * it stops slapd and removes its folder.
 */
const at = process.argv.indexOf('--port');
const port = Number(process.argv[at + 1]);
if (at < 0 || !Number.isInteger(port) || port <= 0) {
  console.error('usage: slapd-server.ts --port N');
  process.exit(2);
}
const directory = await startSlapd([E2E_DIRECTORY_PERSON], { port });
console.log(`directory at ${directory.url}`);
// Every signal is handled, not only the first: tsx passes on the one its wrapper got, so one stop may see two.
let stopping: Promise<void> | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping ??= directory.stop().then(() => process.exit(0));
  });
}
