import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatedStream } from './ftp-batch.js';

/**
 * A loopback server speaking the parts of the BaseSpace Sequence Hub v2 API the Illumina transfer uses:
 * `GET /v2/datasets` (paged, newest first), `GET /v2/datasets/{id}/files` (paged), and
 * `GET /v2/files/{id}/content`, which redirects to a signed URL on the same server. The API wants the token in
 * `x-access-token`; the signed URL must come without it (a client that leaks the token there gets 400).
 */
export interface FakeDatasetFile {
  id: string;
  name: string;
  size: number;
  seed: number;
}
export interface FakeDataset {
  id: string;
  name: string;
  type: string;
  project: string;
  created: string;
  files: FakeDatasetFile[];
}

/** How long after the last byte a cut connection dies. */
const DROP_DELAY_MS = 300;

export interface BasespaceServer {
  url: string;
  /** Paths requested, in order (`GET /v2/datasets?offset=0…`). */
  requests: string[];
  /** The Range header of each signed-URL request, in order (undefined without one). */
  ranges: (string | undefined)[];
  /**
   * The next download of this file dies after `bytes`, and from then on every signed URL answers 503 (the provider
   * went away for good, as far as that run can tell) until `online()`.
   */
  cutOff(fileId: string, bytes: number): void;
  /** The API answers `status` for this file's content from now on (a 404 for a file removed from its dataset). */
  failFile(fileId: string, status: number): void;
  online(): void;
  close(): Promise<void>;
}

/** 23 FASTQ datasets, newest first: D02000 … D02022, two reads each; dataset 5 names no run id. */
export function basespaceDatasets(fileSize = 512 * 1024): FakeDataset[] {
  return Array.from({ length: 23 }, (_, i) => {
    const run = `D0${2000 + i}`;
    const name = i === 5 ? 'Undetermined_S0' : `${run}_S${i + 1}`;
    const day = String(28 - i).padStart(2, '0');
    return {
      id: `ds.${1000 + i}`,
      name,
      type: 'illumina.fastq.v1.8',
      project: i < 12 ? 'Spatial ATAC' : 'Spatial RNA',
      created: `2024-02-${day}T09:30:00.0000000Z`,
      files: [1, 2].map((read) => ({
        id: `${20000 + i * 10 + read}`,
        name: `${name}_L001_R${read}_001.fastq.gz`,
        size: fileSize + read * 1000 + i,
        seed: 100 + i * 10 + read,
      })),
    };
  });
}

export async function startBasespaceServer(opts: {
  datasets: FakeDataset[];
  token: string;
  port?: number;
  /** File id → bytes after which its first download dies (the connection is cut), as a flaky network does. */
  dropOnce?: Map<string, number>;
}): Promise<BasespaceServer> {
  const requests: string[] = [];
  const ranges: (string | undefined)[] = [];
  const files = new Map(opts.datasets.flatMap((d) => d.files.map((f) => [f.id, f] as const)));
  let base = '';
  const cutOff = new Map<string, number>();
  let down = false;
  const failing = new Map<string, number>();
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const paging = (url: URL, total: number) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    return { offset, limit, Paging: { DisplayedCount: 0, TotalCount: total, Offset: offset, Limit: limit } };
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const signed = /^\/signed\/([^/]+)$/.exec(url.pathname);
    if (signed) {
      if (req.headers['x-access-token'] || url.searchParams.get('sig') !== 'ok') return send(res, 400, {});
      const file = files.get(signed[1]!);
      if (!file) return send(res, 404, {});
      if (down) return send(res, 503, {});
      ranges.push(req.headers.range);
      // Signed URLs take a byte range, as S3's do: `bytes=start-` answers 206 from that byte.
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      if (start >= file.size && file.size > 0) return send(res, 416, {});
      const headers = { 'content-type': 'application/octet-stream', 'content-length': file.size - start };
      if (range) res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${file.size - 1}/${file.size}` });
      else res.writeHead(200, headers);
      const after = opts.dropOnce?.get(file.id) ?? cutOff.get(file.id);
      opts.dropOnce?.delete(file.id);
      if (cutOff.delete(file.id)) down = true;
      // The connection dies a moment after `after` bytes went out: the client has read them (a fetch body that
      // errors drops what it still had queued, as a real dropped connection mid-transfer would not).
      const drop =
        after === undefined ? undefined : { after, cut: () => setTimeout(() => res.destroy(), DROP_DELAY_MS) };
      generatedStream(file.seed, file.size, start, drop).pipe(res);
      return;
    }
    if (req.headers['x-access-token'] !== opts.token)
      return send(res, 401, { ErrorCode: 'BASESPACE.AUTHENTICATION.UNAUTHORIZED' });
    if (url.pathname === '/v2/datasets') {
      const { offset, limit, Paging } = paging(url, opts.datasets.length);
      const Items = opts.datasets.slice(offset, offset + limit).map((d) => ({
        Id: d.id,
        Name: d.name,
        Href: `${base}/v2/datasets/${d.id}`,
        DatasetType: { Id: d.type, Name: 'Illumina FASTQ' },
        Project: { Id: d.project.length, Name: d.project },
        TotalSize: d.files.reduce((s, f) => s + f.size, 0),
        DateCreated: d.created,
        QcStatus: 'QcPassed',
      }));
      return send(res, 200, { Items, Paging: { ...Paging, DisplayedCount: Items.length } });
    }
    const dsFiles = /^\/v2\/datasets\/([^/]+)\/files$/.exec(url.pathname);
    if (dsFiles) {
      const dataset = opts.datasets.find((d) => d.id === dsFiles[1]);
      if (!dataset) return send(res, 404, { ErrorCode: 'BASESPACE.DATASETS.NOT_FOUND' });
      const { offset, limit, Paging } = paging(url, dataset.files.length);
      const Items = dataset.files.slice(offset, offset + limit).map((f) => ({
        Id: f.id,
        Name: f.name,
        Path: f.name,
        Size: f.size,
        ContentType: 'application/x-gzip',
        Href: `${base}/v2/files/${f.id}`,
        HrefContent: `${base}/v2/files/${f.id}/content`,
      }));
      return send(res, 200, { Items, Paging: { ...Paging, DisplayedCount: Items.length } });
    }
    const content = /^\/v2\/files\/([^/]+)\/content$/.exec(url.pathname);
    const failure = content && failing.get(content[1]!);
    if (failure) return send(res, failure, { ErrorCode: 'BASESPACE.FILES.CONTENT_FAILED' });
    if (content && files.has(content[1]!)) {
      res.writeHead(302, { location: `${base}/signed/${content[1]}?sig=ok` });
      return res.end();
    }
    send(res, 404, { ErrorCode: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    ranges,
    cutOff: (fileId, bytes) => cutOff.set(fileId, bytes),
    failFile: (fileId, status) => failing.set(fileId, status),
    online: () => (down = false),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
