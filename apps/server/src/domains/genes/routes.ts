import type { FastifyInstance } from 'fastify';
import {
  BARCODE_BLOCK,
  genesCalls as g,
  GENES_MSG,
  MSG,
  OUTLINE_WINDOW_MEDIA_TYPE,
  PUBLIC_TASK_LIMIT,
  SUMMATION_PREFIXES,
  ZAnalysisPath,
  ZBarcodesQuery,
  ZRunRef,
  ZSummationRequest,
  type TFeatureKind,
  type TTopTen,
} from '@atlas/contracts';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import { callRoute, checkResponse, parsePart, rawRoute, route } from '../../http/route.js';
import { sendSerialisedJson, serialiseJson, type SerialisedJson } from '../../http/serialised-json.js';
import type { Infra } from '../../infra/index.js';
import type { Downloads } from '../downloads/index.js';
import { callerOf, type RunAccess, type Runs } from '../runs/index.js';
import { linkDigest, type TaskService } from '../tasks/index.js';
import { ANALYSIS_FILE, encodeTixelTable, TIXEL_TABLE_MEDIA_TYPE } from '@atlas/spatial';
import { encodeSparseEntries, encodeSparseValues, SPARSE_VALUES_MEDIA_TYPE } from '@atlas/spatial/feature-values';
import { FeatureIndexError, MissingWebFileError, type RunDataStore } from './store.js';
import { publicTaskArguments } from './public-task.js';
import { createTissueImages } from './tissue-image.js';
import { createCellOutlines } from './cell-outlines.js';
import { createTrackFiles } from './tracks.js';
import { tracksBucket } from '../../config.js';

/**
 * Run-data reads under /api/v1/genes (spec 03 §7 "Data reads for a run") and the public gene-task route. Every read
 * resolves its run through the runs domain first (a run id the caller may read, or a public link still open).
 */
export function registerGenesRoutes(
  app: FastifyInstance,
  infra: Infra,
  uses: {
    runs: Runs;
    downloads: Downloads;
    /** Runs' parsed web files, shared with the annotations' index checks. */
    data: RunDataStore;
    /** The public gene tasks are posted through the tasks domain, which checks them as any task. */
    tasks: TaskService;
  },
): void {
  registerFeatureReads(app, uses.runs.access, uses.data);
  registerImageAndTrackReads(app, infra, uses.runs.access, uses.downloads);
  registerCellReads(app, infra, uses.runs.access);
  registerPublicTasks(app, infra, uses.runs.access, uses.tasks);
}

/** The run's features, tixels and their values: the explorer's plots and the public viewer's. */
function registerFeatureReads(app: FastifyInstance, access: Runs['access'], data: RunDataStore): void {
  // A run's 30k gene names are ~350 KB of JSON: serialised and gzipped once per parsed names file (the store's cache
  // keeps the parsed array), sent gzipped to browsers (~4× fewer bytes) and as a 304 to a caller holding them.
  const serialisedNames = new WeakMap<readonly string[], SerialisedJson>();
  callRoute(app, g.featureNames, async (request, reply) => {
    const query = parsePart(g.featureNames.query!, request.query);
    const run = await access.resolve(request.identity, query);
    const names = await read(run, query.kind, () => data.names(run, query.kind));
    let json = serialisedNames.get(names);
    if (!json) {
      checkResponse(app, g.featureNames, names);
      serialisedNames.set(names, (json = serialiseJson(names)));
    }
    return sendSerialisedJson(request, reply, json);
  });

  // The tixel under the pointer is named by its barcode: the explorer asks for its block at a hover; the whole list
  // (exports, scripts) is serialised once.
  const serialisedBarcodes = new WeakMap<readonly string[], SerialisedJson>();
  callRoute(app, g.barcodes, async (request, reply) => {
    const query = parsePart(ZBarcodesQuery, request.query);
    const run = await access.resolve(request.identity, query);
    const names = await read(run, null, () => data.barcodes(run));
    if (!names) throw notFound(GENES_MSG.barcodesMissing(run.runId));
    if (query.block !== undefined) {
      const start = query.block * BARCODE_BLOCK;
      if (start >= names.length && !(start === 0 && names.length === 0))
        throw new HttpError(400, GENES_MSG.barcodeBlockOutside(query.block, names.length, BARCODE_BLOCK));
      return names.slice(start, start + BARCODE_BLOCK);
    }
    let json = serialisedBarcodes.get(names);
    if (!json) {
      checkResponse(app, g.barcodes, names);
      serialisedBarcodes.set(names, (json = serialiseJson(names)));
    }
    return sendSerialisedJson(request, reply, json);
  });

  // The tixel table: JSON (the contract's schema), or with Accept: application/octet-stream the binary table of
  // @atlas/spatial/tixel-table. Either is made once per version of data.csv.gz and analysis.json and kept serialised
  // (the JSON gzipped too, with an ETag): 50 callers of one run's 600 KB table cost a send each, not a build each.
  const tableFiles = ['data.csv.gz', ANALYSIS_FILE] as const;
  callRoute(app, g.dataRows, async (request, reply) => {
    const query = parsePart(ZRunRef, request.query);
    const run = await access.resolve(request.identity, query);
    if (/\bapplication\/octet-stream\b/.test(request.headers.accept ?? '')) {
      const bytes = await read(run, null, () =>
        data.derived(run, tableFiles, `table:${run.runId}`, async () => {
          const { csv, analysis } = await tableOf(run);
          const value = encodeTixelTable(run.runId, csv, { analysis });
          return { value, bytes: value.byteLength };
        }),
      );
      return reply
        .type(TIXEL_TABLE_MEDIA_TYPE)
        .header('vary', 'accept')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    const json = await read(run, null, () =>
      data.derived(run, tableFiles, `json:${run.runId}`, async () => {
        const { csv, analysis } = await tableOf(run);
        const rows = {
          run_id: run.runId,
          clusters: csv.clusters,
          // A UMAP-only run (imported without positions) has NaN positions in data.csv: answered as no positions.
          spatial: csv.spatial.every(Number.isNaN) ? [] : Array.from(csv.spatial),
          umap: Array.from(csv.umap),
          qc: [Array.from(csv.qc[0]), Array.from(csv.qc[1])] as [number[], number[]],
          ...(csv.cellTypes && { cell_types: csv.cellTypes }),
          ...(csv.sample && { sample: csv.sample, condition: csv.condition! }),
          ...(analysis && { analysis }),
        };
        checkResponse(app, g.dataRows, rows);
        const value = serialiseJson(rows);
        return { value, bytes: value.body.byteLength + value.gzipped.byteLength };
      }),
    );
    return sendSerialisedJson(request, reply, json, ['accept']);
  });

  /** A run's parsed data.csv.gz and its analysis line (a run whose analysis.json does not parse shows none). */
  async function tableOf(run: RunAccess) {
    const csv = await data.data(run);
    const analysis = ZAnalysisPath.safeParse(await data.analysis(run));
    return { csv, analysis: analysis.success ? analysis.data : undefined };
  }

  route(app, g.topTen, async ({ query, identity }) => {
    const run = await access.resolve(identity, query);
    try {
      return (await data.topTen(run, query.kind)) as TTopTen;
    } catch (error) {
      if (error instanceof MissingWebFileError) throw notFound(GENES_MSG.topTenMissing(run.runId, query.kind));
      throw error;
    }
  });

  route(app, g.expression, async ({ query, identity }) => {
    const run = await access.resolve(identity, query);
    return read(run, query.kind, async () => {
      const names = await data.names(run, query.kind);
      let index = names.indexOf(query.name);
      if (index < 0) index = names.findIndex((n) => n.toLowerCase() === query.name.toLowerCase());
      if (index < 0) throw notFound(GENES_MSG.featureNotFound(query.name));
      const { values } = await data.features(run, query.kind, [index]);
      return { name: names[index]!, index, values: Array.from(values[0]!) };
    });
  });

  // get_summation: text (the spec's strings) or, with Accept: application/octet-stream, float32 per tixel per row.
  rawRoute(
    app,
    {
      method: g.getSummation.method,
      url: g.getSummation.path,
      access: g.getSummation.access,
      summary: g.getSummation.summary,
    },
    async (request, reply) => {
      const body = parsePart(ZSummationRequest, request.body);
      const prefix = body.filename.slice(body.filename.lastIndexOf('/') + 1) as keyof typeof SUMMATION_PREFIXES;
      const kind = SUMMATION_PREFIXES[prefix];
      if (!kind) throw new HttpError(400, `filename: must be one of ${Object.keys(SUMMATION_PREFIXES).join(', ')}`);
      const run = await access.resolve(request.identity, body);
      const accept = request.headers.accept ?? '';
      if (/\bapplication\/octet-stream\b/.test(accept)) {
        // A gene pick of a browser that reads the sparse form: the stored non-zero entries as they are, when that is
        // half the dense answer or less (a 5M-cell gene: ~4 MB for 20 MB, without two passes over every cell).
        const row = body.rows.length === 1 && accept.includes(SPARSE_VALUES_MEDIA_TYPE) ? body.rows[0]! : -1;
        const stored = row >= 0 ? await read(run, kind, () => data.featureEntries(run, kind, row)) : null;
        const storedSparse = stored && encodeSparseEntries(stored.entries, stored.nObs);
        if (stored && storedSparse) {
          reply.header('x-tixels', String(stored.nObs)).header('x-rows', '1');
          // A view of the cached entries: sent as they are, never written.
          const body = Buffer.from(storedSparse.buffer, storedSparse.byteOffset, storedSparse.byteLength);
          return reply.type(SPARSE_VALUES_MEDIA_TYPE).send(body);
        }
        const { nObs, values } = await read(run, kind, () => data.features(run, kind, body.rows));
        reply.header('x-tixels', String(nObs)).header('x-rows', String(values.length));
        // A run without a .csc: the sparse form made from the dense values.
        const sparse =
          values.length === 1 && accept.includes(SPARSE_VALUES_MEDIA_TYPE) && encodeSparseValues(values[0]!);
        if (sparse) return reply.type(SPARSE_VALUES_MEDIA_TYPE).send(Buffer.from(sparse.buffer));
        // One row is sent as decoded: a copy would add 2 MB of garbage per pick on a Visium HD run.
        const out = values.length === 1 ? values[0]! : concatRows(values, nObs);
        return reply.type('application/octet-stream').send(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
      }
      const json = await read(run, kind, () => data.summationJson(run, kind, body.rows));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}

/** The tissue image and the track browser's files of a run. */
function registerImageAndTrackReads(
  app: FastifyInstance,
  infra: Pick<Infra, 'storage' | 'config'>,
  access: Runs['access'],
  downloads: Downloads,
): void {
  const tissue = createTissueImages(infra.storage, infra.config.imageMaxPixels);
  const trackFiles = createTrackFiles({
    storage: infra.storage,
    tracksBucket: tracksBucket(infra.config),
    downloads,
  });

  route(app, g.tissueImage, async ({ query, identity }) => {
    const run = await access.resolve(identity, query);
    const ref = new URLSearchParams(query.encoded ? { encoded: query.encoded } : { run_id: run.runId });
    return tissue.describe(run, `${g.tissueImageFile.path}?${ref.toString()}`);
  });

  // Access is checked on every request, so browsers may keep the image but must revalidate it (ETag → 304).
  route(app, g.tissueImageFile, async ({ query, identity, request, reply }) => {
    const { jpeg, etag } = await tissue.jpeg(await access.resolve(identity, query));
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/jpeg').send(jpeg);
  });

  // The track browser: download links (1 h) for the run's tracks and its genome's reference, made for the caller (or
  // the public link) that may read the run, and closed when it no longer may.
  route(app, g.tracks, async ({ query, identity, request }) => {
    const run = await access.resolve(identity, query);
    const holder = await downloads.holderOf({ identity, apiTokenId: request.apiTokenId }, run.link);
    if (!holder) throw notFound(GENES_MSG.runNotFound(run.runId));
    return trackFiles.tracks(run, holder, infra.config.publicUrl ?? `${request.protocol}://${request.host}`);
  });

  route(app, g.networks, async ({ query, identity }) => trackFiles.networkNames(await access.resolve(identity, query)));

  route(app, g.network, async ({ query, identity }) =>
    trackFiles.network(await access.resolve(identity, query), query.name),
  );
}

/** The cells of single-cell-resolution runs (issue 38): what they are, and their outlines a window at a time. */
function registerCellReads(app: FastifyInstance, infra: Pick<Infra, 'storage'>, access: Runs['access']): void {
  const cells = createCellOutlines(infra.storage);
  route(app, g.cells, async ({ query, identity }) => cells.describe(await access.resolve(identity, query)));
  route(app, g.cellOutlines, async ({ query, identity, reply }) => {
    const bytes = await cells.window(await access.resolve(identity, query), query);
    return reply
      .type(OUTLINE_WINDOW_MEDIA_TYPE)
      .header('cache-control', 'private, no-cache')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}

/** Public viewers' tasks: every file argument comes from the signed link, never from the client. */
function registerPublicTasks(
  app: FastifyInstance,
  infra: Pick<Infra, 'limits'>,
  access: Runs['access'],
  tasks: TaskService,
): void {
  const publicTasks = infra.limits.limiter('public-task', PUBLIC_TASK_LIMIT);
  route(app, g.publicTask, async ({ body, identity, request }) => {
    if (!(await publicTasks.tryHit(`${request.ip} ${linkDigest(body.encoded)}`)))
      throw tooManyRequests(MSG.tooManyTasks);
    const run = await access.resolve(identity, { encoded: body.encoded });
    const { args, kwargs } = publicTaskArguments(body, run.link!.data);
    const holder = run.link!.group_only ? callerOf(identity) : undefined;
    return tasks.postForLink({ task: body.task, args, kwargs }, { runId: run.runId, encoded: body.encoded, holder });
  });
}

/** Storage misses and bad indices as the caller's errors rather than 500s. */
async function read<T>(run: RunAccess, kind: TFeatureKind | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MissingWebFileError) {
      throw notFound(
        kind && kind !== 'genes' && !error.message.startsWith('data')
          ? GENES_MSG.kindUnavailable(kind)
          : GENES_MSG.webFilesMissing(run.runId),
      );
    }
    if (error instanceof FeatureIndexError || error instanceof RangeError) throw new HttpError(400, error.message);
    throw error;
  }
}

function concatRows(rows: Float32Array[], nObs: number): Float32Array {
  const out = new Float32Array(nObs * rows.length);
  rows.forEach((row, i) => out.set(row, i * nObs));
  return out;
}
