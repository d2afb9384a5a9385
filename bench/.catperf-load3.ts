import { loadTest } from './load.js';
const base = 'http://127.0.0.1:4799';
const pub = ((await (await fetch(`${base}/api/v1/auth/log_into_public`)).json()) as { access_token: string }).access_token;
const etag = (await fetch(`${base}/api/v1/run_db/get_runs_public`, { headers: { authorization: `JWT ${pub}` } })).headers.get('etag')!;
const list = `${base}/api/v1/run_db/get_runs_public`;
for (const [name, url, h] of [
  ['app floor', `${base}/api/v1/app`, {}],
  ['whoami public', `${base}/api/v1/auth/whoami`, { authorization: `JWT ${pub}` }],
  ['list 304', list, { authorization: `JWT ${pub}`, 'if-none-match': etag }],
  ['list identity', list, { authorization: `JWT ${pub}` }],
  ['list gzip', list, { authorization: `JWT ${pub}`, 'accept-encoding': 'gzip' }],
] as const) {
  const r = await loadTest(url, { connections: 32, seconds: 4, headers: h as Record<string, string> });
  console.log(name.padEnd(16), Math.round(r.requestsPerSecond), 'req/s p50', r.p50Ms.toFixed(1), 'errors', r.errors);
}
