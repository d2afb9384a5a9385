import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, printBesideLogs } from './logger.js';
import { withRequestId } from './request-context.js';

/** Collects what a logger writes. */
function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it('are JSON lines off a terminal, and lines written during a request (or its task) carry its reqId', async () => {
    const out = sink();
    const log = await createLogger({ logLevel: 'info', logFormat: 'auto' }, {}, false, out.stream);
    withRequestId('req-42', () => log.info('inside'));
    log.info('outside');
    // A logger already bound to the request (Fastify's request.log) does not repeat the key.
    withRequestId('req-42', () => log.child({ reqId: 'req-42' }).info('bound'));
    const [inside, outside, bound] = out.lines;
    expect(JSON.parse(inside!)).toMatchObject({ msg: 'inside', reqId: 'req-42' });
    expect(JSON.parse(outside!).reqId).toBeUndefined();
    expect(bound!.match(/"reqId"/g)).toHaveLength(1);
  });

  it("name a request without the secrets in its URL (Fastify's request line)", async () => {
    const out = sink();
    const log = await createLogger({ logLevel: 'info', logFormat: 'json' }, {}, false, out.stream);
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger });
    app.get('/api/v1/downloads/:token/:name', async () => 'x');
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJiIjoiYXR4LWRhdGEifQ.c2lnbmF0dXJlLWJ5dGVz';
    await app.inject({ url: `/api/v1/downloads/${token}/metadata.csv`, remoteAddress: '10.0.0.7' });
    await app.close();
    const incoming = out.lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'incoming request');
    expect(incoming.req).toEqual({
      method: 'GET',
      url: '/api/v1/downloads/[redacted]/metadata.csv',
      host: 'localhost:80',
      remoteAddress: '10.0.0.7',
    });
    expect(out.lines.join('\n')).not.toContain(token);
  });

  it('are readable lines on a terminal (pino-pretty)', async () => {
    const out = sink();
    const log = await createLogger({ logLevel: 'info', logFormat: 'auto' }, {}, true, out.stream);
    withRequestId('req-7', () => log.info('hello'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = out.lines.join('\n');
    expect(text).toContain('INFO');
    expect(text).toContain('hello');
    expect(text).toContain('req-7');
    expect(() => JSON.parse(out.lines[0]!)).toThrow();
  });

  it('keep text printed beside them in its place, whole, in both formats', async () => {
    for (const terminal of [false, true]) {
      const out = sink();
      const log = await createLogger({ logLevel: 'info', logFormat: 'auto' }, {}, terminal, out.stream);
      log.info('before');
      printBesideLogs(log, '+--+\n| box |\n+--+\n');
      log.info('after');
      const at = (text: string) => out.lines.findIndex((l) => l.includes(text));
      expect(out.lines.slice(at('+--+'), at('+--+') + 3)).toEqual(['+--+', '| box |', '+--+']);
      expect(at('before')).toBeLessThan(at('| box |'));
      expect(at('after')).toBeGreaterThan(at('| box |'));
    }
  });
});
