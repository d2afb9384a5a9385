import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { S3RVER_ENV, startS3rver } from '../apps/server/test/s3rver.js';
import type { Row } from './row.js';
import { startBenchServer, type BenchServer } from './server.js';

/**
 * Streams `megabytes` of data in 1 MiB chunks with a PUT to `url` (no buffering on our side), sampling the
 * server's RSS while it runs. Returns MB/s and the RSS growth, which must stay flat for a streamed upload.
 */
export async function timedUpload(
  url: string,
  megabytes: number,
  serverRssMb: () => number,
): Promise<{ mbPerSecond: number; rssBeforeMb: number; rssPeakMb: number; status: number }> {
  const chunk = randomBytes(1024 * 1024);
  const rssBeforeMb = serverRssMb();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, serverRssMb())), 100);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(megabytes * chunk.length) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < megabytes) {
        sent++;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { mbPerSecond: (megabytes * 1.048576) / seconds, rssBeforeMb, rssPeakMb, status };
}

const MiB = 1024 * 1024;
/** The browser client's chunk size (apps/web/src/features/uploader/useTusUpload.ts). */
const TUS_CHUNK = 32 * MiB;
const TUS = { 'tus-resumable': '1.0.0' };

/**
 * A virtual uncompressed 8-bit TIFF of `megabytes` MiB of pixels (16,384 pixels a row, one strip), so the upload
 * passes the server's arrival check; bytes are produced on demand, nothing is held but one 1 MiB pattern.
 */
export function virtualTiff(megabytes: number) {
  const width = 16384;
  const height = (megabytes * MiB) / width;
  const tags: [number, number, number][] = [
    [256, 4, width], // ImageWidth, LONG
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample, SHORT
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets (filled below)
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip
    [279, 4, width * height], // StripByteCounts
  ];
  const header = Buffer.alloc(8 + 2 + tags.length * 12 + 4);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  header.writeUInt16LE(tags.length, 8);
  tags.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(1, at + 4);
    const stored = tag === 273 ? header.length : value;
    if (type === 3) header.writeUInt16LE(stored, at + 8);
    else header.writeUInt32LE(stored, at + 8);
  });
  const pattern = randomBytes(MiB);
  const size = header.length + width * height;
  /** The bytes [start, end) in pieces of at most 1 MiB. */
  function* pieces(start: number, end: number): Generator<Buffer> {
    for (let at = start; at < end;) {
      if (at < header.length) {
        const piece = header.subarray(at, Math.min(end, header.length));
        at += piece.length;
        yield piece;
        continue;
      }
      const from = (at - header.length) % MiB;
      const length = Math.min(end - at, MiB - from);
      yield pattern.subarray(from, from + length);
      at += length;
    }
  }
  return { size, pieces, description: `${width} × ${height}, 8-bit uint, 1 sample` };
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Iterable<Buffer>,
  dropAfterBytes?: number,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (d: Buffer) => (text += d.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', (error) =>
      dropAfterBytes !== undefined ? resolve({ status: 0, headers: {}, body: '' }) : reject(error),
    );
    if (!body) return void request.end();
    const iterator = body[Symbol.iterator]();
    let sent = 0;
    const pump = () => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        sent += next.value.length;
        if (dropAfterBytes !== undefined && sent >= dropAfterBytes) return void request.destroy();
        if (!request.write(next.value)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

export interface TusFigures {
  mbPerSecond: number;
  /** Seconds of the last request spent on the arrival check and the copy into place. */
  finishSeconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  status: number;
  description: string;
  /** Time of the HEAD that finds the offset again after a dropped connection, and the bytes sent twice. */
  resume?: { headMs: number; resentMb: number };
}

/**
 * Uploads a virtual TIFF through the tus routes as the browser does (32 MiB PATCHes), sampling the server's RSS.
 * With `dropAt`, the connection is cut once that many bytes are sent, and the upload resumes from the server's offset.
 */
export async function timedTusUpload(
  origin: string,
  token: string,
  megabytes: number,
  serverRssMb: () => number,
  options: { runId: string; slot: string; dropAt?: number },
): Promise<TusFigures> {
  const file = virtualTiff(megabytes);
  const auth = { ...TUS, authorization: `JWT ${token}` };
  const metadata = Object.entries({ run_id: options.runId, slot: options.slot, filename: `${options.slot}.tif` })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const rssBeforeMb = serverRssMb();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, serverRssMb())), 100);
  const started = performance.now();
  try {
    const created = await send(`${origin}/api/v1/uploads`, 'POST', {
      ...auth,
      'upload-length': String(file.size),
      'upload-metadata': metadata,
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
    const url = `${origin}${created.headers.location}`;
    let offset = 0;
    let sentBytes = 0;
    let resume: TusFigures['resume'];
    let last = { status: 0, body: '' };
    let finishSeconds = 0;
    while (offset < file.size) {
      const end = Math.min(file.size, offset + TUS_CHUNK);
      const headers = {
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      };
      const drop =
        options.dropAt !== undefined && !resume && options.dropAt < end ? options.dropAt - offset : undefined;
      const requestStarted = performance.now();
      last = await send(url, 'PATCH', headers, file.pieces(offset, end), drop);
      if (drop !== undefined) {
        sentBytes += drop;
        await new Promise((r) => setTimeout(r, 200));
        const headStarted = performance.now();
        const head = await send(url, 'HEAD', auth);
        offset = Number(head.headers['upload-offset']);
        resume = { headMs: performance.now() - headStarted, resentMb: 0 };
        continue;
      }
      sentBytes += end - offset;
      if (last.status !== 204 && last.status !== 200) throw new Error(`PATCH: ${last.status} ${last.body}`);
      if (end === file.size) finishSeconds = (performance.now() - requestStarted) / 1000;
      offset = end;
    }
    if (resume) resume.resentMb = (sentBytes - file.size) / MiB;
    const seconds = (performance.now() - started) / 1000;
    const answer = JSON.parse(last.body) as { description: string };
    return {
      mbPerSecond: file.size / 1e6 / seconds,
      finishSeconds,
      rssBeforeMb,
      rssPeakMb,
      status: last.status,
      description: answer.description,
      resume,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function adminToken(server: BenchServer): Promise<string> {
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Bench#Pass1' }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

const verdictOf = (figures: TusFigures) =>
  figures.status === 200 && figures.mbPerSecond > 200 && figures.rssPeakMb - figures.rssBeforeMb < 100
    ? 'met'
    : 'MISSED';
const tusFigure = (f: TusFigures) =>
  `${f.mbPerSecond.toFixed(0)} MB/s (last request, check + move into place: ${f.finishSeconds.toFixed(1)} s), ` +
  `server RSS ${f.rssBeforeMb.toFixed(0)} → peak ${f.rssPeakMb.toFixed(0)} MB`;

/** MB/s of a plain copy of a file of this size on the disk of the temporary folder: the reference for local storage. */
async function plainCopyMbPerSecond(megabytes: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bench-copy-'));
  try {
    const source = path.join(dir, 'source.bin');
    const out = fs.createWriteStream(source);
    for (const piece of virtualTiff(megabytes).pieces(0, megabytes * MiB))
      if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()));
    await new Promise((r) => out.end(r));
    const started = performance.now();
    // A byte-for-byte stream copy, as the storage port's put does (no reflink shortcut).
    await fsp.writeFile(path.join(dir, 'copy.bin'), fs.createReadStream(source));
    return (megabytes * MiB) / 1e6 / ((performance.now() - started) / 1000);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** MB/s of a direct multipart PutObject (AWS SDK) to the same s3rver: the reference for the S3 driver. */
async function directS3MbPerSecond(endpoint: string, megabytes: number): Promise<number> {
  const env = S3RVER_ENV(endpoint);
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const body = new PassThrough();
  const started = performance.now();
  const upload = new Upload({ client, params: { Bucket: 'atx-data', Key: 'bench/reference.bin', Body: body } });
  const done = upload.done();
  for (const piece of virtualTiff(megabytes).pieces(0, megabytes * MiB))
    if (!body.write(piece)) await new Promise<void>((r) => body.once('drain', () => r()));
  body.end();
  await done;
  client.destroy();
  return (megabytes * MiB) / 1e6 / ((performance.now() - started) / 1000);
}

/**
 * Resumable uploads (issue 14) through the tus routes to local storage and to S3 (s3rver on loopback), with the
 * server's RSS, a resume after a dropped connection, and reference figures measured in the same run: a plain file
 * copy for local storage and a direct multipart PutObject for s3rver.
 */
export async function tusUploadRows(megabytes: number): Promise<Row[]> {
  const rows: Row[] = [];
  const local = await startBenchServer();
  try {
    const token = await adminToken(local);
    const whole = await timedTusUpload(local.url, token, megabytes, () => local.rssMb(), {
      runId: 'D09001',
      slot: 'postB',
    });
    rows.push({
      measure: `resumable upload (tus, 32 MiB chunks) of a ${megabytes} MiB TIFF to local storage`,
      target: '> 200 MB/s, server memory flat',
      figure: tusFigure(whole),
      verdict: verdictOf(whole),
    });
    const resumed = await timedTusUpload(local.url, token, megabytes, () => local.rssMb(), {
      runId: 'D09001',
      slot: 'fix',
      dropAt: Math.floor((megabytes * MiB) / 2) + 5 * MiB,
    });
    rows.push({
      measure: '  the same, connection dropped mid-chunk at half, resumed',
      target: 'resume overhead small',
      figure: `${resumed.mbPerSecond.toFixed(0)} MB/s overall; HEAD after the drop ${resumed.resume!.headMs.toFixed(0)} ms, ${resumed.resume!.resentMb.toFixed(1)} MiB sent twice`,
      verdict: 'info',
    });
  } finally {
    await local.stop();
  }
  rows.push({
    measure: `  reference: plain stream copy of a ${megabytes} MiB file on the same disk`,
    target: '—',
    figure: `${(await plainCopyMbPerSecond(megabytes)).toFixed(0)} MB/s`,
    verdict: 'info',
  });

  const s3 = await startS3rver();
  try {
    const remote = await startBenchServer(undefined, async (_dir, env) => Object.assign(env, S3RVER_ENV(s3.endpoint)));
    try {
      const token = await adminToken(remote);
      const figures = await timedTusUpload(remote.url, token, megabytes, () => remote.rssMb(), {
        runId: 'D09002',
        slot: 'postB',
      });
      rows.push({
        measure: `resumable upload (tus → S3 multipart) of a ${megabytes} MiB TIFF to s3rver`,
        target: '> 200 MB/s, server memory flat',
        figure: tusFigure(figures),
        verdict: verdictOf(figures),
      });
    } finally {
      await remote.stop();
    }
    rows.push({
      measure: `  reference: direct multipart PutObject of ${megabytes} MiB to the same s3rver`,
      target: '—',
      figure: `${(await directS3MbPerSecond(s3.endpoint, megabytes)).toFixed(0)} MB/s`,
      verdict: 'info',
    });
  } finally {
    await s3.close();
  }
  return rows;
}
