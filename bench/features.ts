import type { Row } from './row.js';

/**
 * A signed-in account: a visitor's public session reads a public run's data only through its public link (the runs
 * owner's rule, domains/runs/rule.ts), and the explorer's members read it so.
 */
export async function benchToken(url: string): Promise<string> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Bench#Pass1' }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** One feature's values for every tixel through the binary get_summation call, sequentially, p50 over many features. */
export async function featureReadRows(url: string, runId: string, features: number, samples = 200): Promise<Row[]> {
  const token = await benchToken(url);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const row = Math.floor((i * 7919) % features);
    const started = performance.now();
    const response = await fetch(`${url}/api/v1/genes/get_summation`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/octet-stream',
        authorization: `JWT ${token}`,
      },
      body: JSON.stringify({ run_id: runId, filename: 'geneSummation', rows: [row] }),
    });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`get_summation answered ${response.status}: ${new TextDecoder().decode(body)}`);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  return [
    {
      measure: "one feature's values for 10k tixels (binary get_summation, server read + transfer)",
      target: '< 20 ms p50',
      figure: `p50 ${p50.toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms, ${bytes} bytes each`,
      verdict: p50 < 20 ? 'met' : 'MISSED',
    },
  ];
}
