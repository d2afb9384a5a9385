// A bare node:http server in a process of its own, the byte-moving reference of the catalogue row: no framework,
// no auth, no cache lookup — `/tiny` answers 8 bytes and `/bytes` a body of the size it was started with.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/ports.js';

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

export async function startBareServer(bodyBytes: number): Promise<BareServer> {
  const port = await freePort();
  const child = fork(fileURLToPath(import.meta.url), ['serve', String(port), String(bodyBytes)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('bare server exited during start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[2] === 'serve') {
  const bodies: Record<string, Buffer> = {
    '/tiny': Buffer.from('{"ok":1}'),
    '/bytes': Buffer.alloc(Number(process.argv[4]), 'a'),
  };
  http
    .createServer((request, response) => {
      const body = bodies[request.url ?? ''] ?? bodies['/tiny']!;
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.end(body);
    })
    .listen(Number(process.argv[3]), '127.0.0.1', () => process.send!('listening'));
}
