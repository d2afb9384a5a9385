import { loadTest } from './load.js';
const base = 'http://127.0.0.1:4799';
const pub = ((await (await fetch(`${base}/api/v1/auth/log_into_public`)).json()) as { access_token: string }).access_token;
const etag = (await fetch(`${base}/api/v1/run_db/get_runs_public`, { headers: { authorization: `JWT ${pub}` } })).headers.get('etag')!;
const who = `${base}/api/v1/auth/whoami`;
for (const [name, url, h] of [['whoami(public)', who, { authorization: `JWT ${pub}` }], ['304', `${base}/api/v1/run_db/get_runs_public`, { authorization: `JWT ${pub}`, 'if-none-match': etag }], ['thumb 404', `${base}/api/v1/run_db/frontpage/D10005.png`, {}]] as const) {
  const r = await loadTest(url, { connections: 32, seconds: 3, headers: h as Record<string, string> });
  console.log(name, Math.round(r.requestsPerSecond), 'req/s p50', r.p50Ms.toFixed(1), 'errors', r.errors);
}
