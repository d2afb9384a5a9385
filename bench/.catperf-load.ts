import { loadTest } from './load.js';
const base = 'http://127.0.0.1:4799';
const pub = ((await (await fetch(`${base}/api/v1/auth/log_into_public`)).json()) as { access_token: string }).access_token;
for (const [name, url, h] of [['app', `${base}/api/v1/app`, {}], ['public list', `${base}/api/v1/run_db/get_runs_public`, { authorization: `JWT ${pub}` }], ['public list anon-ish 304', `${base}/api/v1/run_db/get_runs_public`, { authorization: `JWT ${pub}`, 'if-none-match': 'x' }]] as const) {
  const r = await loadTest(url, { connections: 32, seconds: 4, headers: h as Record<string, string> });
  console.log(name, Math.round(r.requestsPerSecond), 'req/s p50', r.p50Ms.toFixed(1), 'errors', r.errors);
}
