import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import { useTestApp } from '../../test/harness.js';
import { buildRun } from '../../test/factories.js';
import type { RegisteredRoute } from './route.js';

/**
 * A bounded fuzz suite (issue "Hardening"): every registered route gets every class of bad input in every field
 * its contract declares (and raw routes in their query and body), as an admin — the identity that reaches the
 * deepest code. Any 5xx, any answer slower than 5 s, or a crash fails the suite with the route and input named.
 */
/** A body of brackets a million levels deep (2 MB). */
const DEEP_BODY = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;

const DEEP = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** The bad-input classes: each replaces one field's value. */
const CLASSES: Record<string, unknown> = {
  nul: 'a\0b',
  traversal: '../../../../etc/passwd',
  emptySegments: 'data//D70001/x',
  leadingSlash: '/data/D70001/h5/obj/genes.h5ad',
  huge: 'x'.repeat(200_000),
  deep: DEEP(100),
  protoKey: JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  filterOperator: { $where: 'sleep(10)', $regex: '(a+)+$' },
  sqlText: "'; drop table users; --",
  number: 1e308,
  negative: -1,
  notFinite: 'NaN',
  emptyString: '',
  nullValue: null,
  array: ['a', 1, null, { b: [] }],
  rtlUnicode: '\u202e\ud83d\ude00\ufeff\u0000',
  loneSurrogate: '\ud800',
  // A key segment longer than a file name may be (ENAMETOOLONG on the filesystem store, issue 33 item 4).
  longSegment: `data/D70001/${'a'.repeat(1012)}`,
};

/** A multipart form whose file is named by a 1,012-byte key segment, as the upload routes take it. */
const LONG_NAME_FORM = [
  '--x\r\nContent-Disposition: form-data; name="output_filename"\r\n\r\n',
  `data/D70001/${'a'.repeat(1012)}\r\n`,
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n',
  'wafer_id\r\nW1\r\n--x--\r\n',
].join('');

/**
 * Tixel lists for a run of six tixels (issue 33 item 1): each must be refused (4xx), not stored. The million was
 * accepted in 13.6 s.
 */
const TIXEL_LISTS: Record<string, unknown> = {
  'a million tixel indices': Array.from({ length: 1_000_000 }, (_, i) => i),
  'more repeats than tixels': new Array<number>(7).fill(0),
  'an index past the run': [0, 6],
  'a fractional index': [0.5],
};

/** A plausible value for a field, so the other fields of a request reach past validation. */
function plausible(field: string): unknown {
  if (/run/i.test(field)) return 'D70001';
  if (/colou?r/i.test(field)) return '#112233';
  if (/tixels/i.test(field)) return [0];
  if (/bucket/i.test(field)) return 'atx-data';
  if (/key|path|file|filename|prefix|dir/i.test(field)) return 'data/D70001/spatial/metadata.json';
  if (/encoded|token/i.test(field)) return 'x.y.z';
  return 'x';
}

function fieldsOf(schema: unknown): string[] {
  const object = schema instanceof z.ZodObject ? schema : null;
  return object ? Object.keys(object.shape) : [];
}

/** The route's path with every parameter set to `value`; null for a value no URL can carry (a lone surrogate). */
function pathWith(url: string, value: string): string | null {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    return null;
  }
  return url.replace(/:[A-Za-z_]+/g, encoded).replace('*', encoded);
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

interface Probe {
  label: string;
  request: InjectOptions;
  /** Slowest acceptable answer (default 5 s). */
  limitMs?: number;
  /** The input must be refused (4xx), not merely survive. */
  refuse?: boolean;
}

function probesFor(route: RegisteredRoute, token: string): Probe[] {
  const headers = { authorization: `Bearer ${token}` };
  const method = route.method as InjectOptions['method'];
  const probes: Probe[] = [];
  const call = route.call;
  const queryFields = fieldsOf(call?.query);
  const bodyFields = fieldsOf(call?.body);
  const paramFields = fieldsOf(call?.params);
  const baseQuery = Object.fromEntries(queryFields.map((f) => [f, String(plausible(f))]));
  const baseBody = Object.fromEntries(bodyFields.map((f) => [f, plausible(f)]));
  const basePath = pathWith(route.url, 'D70001')!;

  for (const [name, value] of Object.entries(CLASSES)) {
    for (const field of queryFields)
      probes.push({
        label: `${name} in query.${field}`,
        request: { method, url: basePath, headers, query: { ...baseQuery, [field]: asText(value) } },
      });
    for (const field of bodyFields)
      probes.push({
        label: `${name} in body.${field}`,
        request: { method, url: basePath, headers, query: baseQuery, payload: { ...baseBody, [field]: value } },
      });
    const badPath = pathWith(route.url, asText(value));
    if (badPath && (paramFields.length || /[:*]/.test(route.url)))
      probes.push({ label: `${name} in the path`, request: { method, url: badPath, headers } });
    if (!call) {
      // Raw routes (uploads, signed URLs, files): bad values in the usual query names and as the whole body.
      probes.push({
        label: `${name} in raw query`,
        request: { method, url: basePath, headers, query: { bucket_name: asText(value), filename: asText(value) } },
      });
      if (method !== 'GET' && method !== 'HEAD')
        probes.push({
          label: `${name} as raw body`,
          request: { method, url: basePath, headers, payload: asText(value) },
        });
    }
  }
  for (const field of bodyFields.filter((f) => f === 'tixels'))
    for (const [name, value] of Object.entries(TIXEL_LISTS))
      probes.push({
        label: `${name} in body.${field}`,
        request: { method, url: basePath, headers, payload: { ...baseBody, [field]: value } },
        refuse: true,
      });
  if (method !== 'GET' && method !== 'HEAD') {
    // Bodies nested a million levels deep: refused while parsing (issue 33 item 5), in well under a second.
    probes.push({
      label: 'JSON a million levels deep',
      request: {
        method,
        url: basePath,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: DEEP_BODY,
      },
      limitMs: 1000,
    });
    // Bodies that are not what the route parses.
    for (const [name, payload, type] of [
      ['broken JSON', '{"a": [1, 2', 'application/json'],
      ['JSON array', '[[[[]]]]', 'application/json'],
      ['text', 'plain words', 'text/plain'],
      [
        'fake multipart',
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
        'multipart/form-data; boundary=x',
      ],
      // Issue 33 item 4: busboy threw on the missing boundary, and the filesystem on the long name (500s).
      ['multipart without a boundary', LONG_NAME_FORM, 'multipart/form-data'],
      ['multipart naming a 1,012-byte key segment', LONG_NAME_FORM, 'multipart/form-data; boundary=x'],
    ] as const)
      probes.push({
        label: name,
        request: { method, url: basePath, headers: { ...headers, 'content-type': type }, payload },
      });
  }
  return probes;
}

const t = useTestApp();
beforeAll(async () => {
  await buildRun(t, { runId: 'D70001', group: null, public: true });
}, 60_000);

describe('bounded fuzz of every route', () => {
  it('answers every bad input with 4xx (or a success), never 5xx, a hang or a crash', async () => {
    // Routes that end the admin's own session or account are fuzzed last, so they cannot cut the rest short.
    const routes = [...t.app.atlasRoutes].sort(
      (a, b) =>
        Number(/password|delete_user|disable_user/.test(a.url)) -
        Number(/password|delete_user|disable_user/.test(b.url)),
    );
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const route of routes) {
      for (const probe of probesFor(route, t.admin)) {
        const started = Date.now();
        let status: number;
        try {
          status = (await t.app.inject(probe.request)).statusCode;
        } catch (error) {
          failures.push(`${route.method} ${route.url} — ${probe.label}: crashed (${String(error)})`);
          continue;
        }
        sent++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const ms = Date.now() - started;
        if (status >= 500) failures.push(`${route.method} ${route.url} — ${probe.label}: ${status}`);
        if (probe.refuse && (status < 400 || status >= 500))
          failures.push(`${route.method} ${route.url} — ${probe.label}: ${status}, expected a refusal`);
        if (ms > (probe.limitMs ?? 5000)) failures.push(`${route.method} ${route.url} — ${probe.label}: ${ms} ms`);
      }
    }
    console.log(
      `[fuzz] ${sent} requests to ${routes.length} routes; statuses: ${[...statuses]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);
});
