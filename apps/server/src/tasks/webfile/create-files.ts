import { Readable } from 'node:stream';
import sharp from 'sharp';
import { z } from 'zod';
import { frontpageKey, RUN_ADMIN_MSG, THUMBNAIL_MAX_PX, type TAnalysisPath } from '@atlas/contracts';
import {
  analyseRaw,
  chooseExpressionInput,
  ExpressionInputError,
  type ExpressionInput,
  readH5ad,
  renderSpatialThumbnail,
  rowSums,
  SpatialFormatError,
  toCsr,
  type DataCsv,
  type FeatureInput,
  type FeatureKind,
  type H5adData,
  type Matrix,
  type ObsColumn,
  writeWebFiles,
} from '@atlas/spatial';
import { withLocalCopy } from '../../infra/storage/index.js';
import { createJobStore } from '../../domains/imports/index.js';
import { recordAudit } from '../../domains/audit/index.js';
import { createRuns, RUN_ID, runOfKey, runTarget, webFolderOfObjPath } from '../../domains/runs/index.js';
import { defineTask, parseInput, TaskInputError } from '../registry.js';
import { rankClusters, topTen, type TopTen } from '@atlas/spatial';

const ZArgs = z.tuple([
  z.string().refine((p) => webFolderOfObjPath(p) !== null, 'Must be the {path}/h5/obj folder, e.g. data/D00001/h5/obj'),
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  z.string().min(1, 'Must not be empty'),
]);
const ZKwargs = z.object({
  run_id: z.string().regex(RUN_ID, "Must be 'D' followed by a 5-digit number").optional(),
  description: z.string().default(''),
  // Imports and scripts make a run's web object again on purpose; Create A Run sends false unless the admin agrees.
  replace: z.boolean().default(true),
});

export interface CreateFilesInput {
  objPath: string;
  folder: string;
  rna: boolean;
  bucket: string;
  runId: string | null;
  description: string;
  /** Replace the web object the run already has (false: refused when it has one). */
  replace: boolean;
}

export interface CreateFilesResult {
  run_id: string | null;
  bucket: string;
  folder: string;
  files: number;
  bytes: number;
  tixels: number;
  features: Partial<Record<FeatureKind, number>>;
  clusters: number;
  /** Clusters and UMAP were computed (the h5ad had none). */
  analysed: boolean;
  /** Which matrices fed the analysis, the explorer and the QC columns (also written as analysis.json). */
  analysis: TAnalysisPath;
  web_object_available: boolean;
  ms: number;
  /** Where the time went: reading the h5ad files, clusters/UMAP/QC, the topTen ranking, writing the web files. */
  phases_ms: { read: number; analyse: number; rank: number; write: number };
}

const CREATE_FILES_MSG = {
  /** Problems inside a file: shown after the file name (`genes.h5ad: …`). */
  spatialShape: (cols: number) => `obsm 'spatial' has ${cols} column(s); it needs x and y per observation`,
  missing: (key: string) => `Missing input: ${key} was not found in the bucket`,
  obsMismatch: (n: number, expected: number) =>
    `has ${n} observations but genes.h5ad has ${expected}; the files must describe the same tixels`,
  unknownBucket: (bucket: string) => `Unknown bucket '${bucket}'`,
};

const CLUSTER_KEYS = ['clusters', 'cluster', 'leiden', 'louvain', 'seurat_clusters'];
const CELL_TYPE_KEYS = ['cell_type', 'celltype', 'cell_types', 'CellType'];

/**
 * webfile.create_files (spec 03 §7, DESIGN §6): reads `{aws_path}/genes.h5ad` (+ motifs.h5ad and eRegulons.h5ad
 * unless rna_flag) from the bucket, computes clusters and UMAP when the h5ad has none, ranks every cluster for
 * the topTen tables, writes the web files into the parent folder (`data/{run}/h5/`), records a Job row and marks
 * the run's web object available (creating its private catalogue entry when it has none) and renders its catalogue
 * thumbnail when it has none.
 */
export const createFiles = defineTask({
  name: 'webfile.create_files',
  queue: 'atxcloud_webfile',
  idempotent: true,
  description: 'Creates the explorer web files of a run from its h5ad files.',
  argSpecs: [
    {
      name: 'aws_path',
      positional: true,
      value: 'data/D00001/h5/obj',
      type: 'string',
      caption: 'Object path',
      description: 'Folder holding genes.h5ad (and motifs.h5ad, eRegulons.h5ad).',
    },
    {
      name: 'rna_flag',
      positional: true,
      value: true,
      type: 'boolean',
      caption: 'Transcriptome',
      description: 'Only genes.h5ad (no motifs or eRegulons).',
    },
    {
      name: 'bucket_name',
      positional: true,
      value: 'atx-data',
      type: 'string',
      caption: 'Bucket',
      description: 'Bucket of the inputs and the web files.',
    },
    {
      name: 'run_id',
      value: '',
      type: 'string',
      caption: 'Run ID',
      description: 'The run whose web object this is (kwarg).',
    },
    { name: 'description', value: '', type: 'string', caption: 'Description', description: 'Job description (kwarg).' },
    {
      name: 'replace',
      value: true,
      type: 'boolean',
      caption: 'Replace',
      description: 'Make the web object again when the run has one (kwarg; false refuses such a run).',
    },
  ],
  parse: (args, kwargs): CreateFilesInput => {
    const [objPath, rna, bucket] = parseInput(ZArgs, args, 'args');
    const { run_id, description, replace } = parseInput(ZKwargs, kwargs, 'kwargs');
    const runId = run_id ?? runOfKey(objPath);
    if (run_id && runOfKey(objPath) && runOfKey(objPath) !== run_id) {
      throw new TaskInputError(`kwargs.run_id: ${run_id} does not match the path ${objPath}`);
    }
    return {
      objPath: objPath.replace(/\/+$/, ''),
      folder: webFolderOfObjPath(objPath)!,
      rna,
      bucket,
      runId,
      description,
      replace,
    };
  },
  // Reads the obj folder; writes the web folder beside it and the run's web-object flag.
  touches: ({ bucket, objPath, folder, runId }) => ({
    read: [{ bucket, key: `${objPath}/` }],
    write: [{ bucket, key: folder }, ...(runId ? [{ run: runId }] : [])],
  }),
  conflict: async ({ runId, replace }, deps) => {
    if (replace || !runId) return null;
    const run = await createRuns(deps).store.runDetails({ kind: 'admin' }, runId);
    return run?.web_object_available ? RUN_ADMIN_MSG.webObjExists(runId, run.web_obj_path ?? '') : null;
  },
  run: async (input, { deps, progress, taskId }): Promise<CreateFilesResult> => {
    const jobs = createJobStore(deps.db);
    const jobId = await jobs.start({
      taskId,
      name: 'webfile.create_files',
      description: input.description,
      runId: input.runId,
    });
    try {
      const result = await createWebFiles(input, deps, progress, taskId);
      await jobs.finish(jobId);
      return result;
    } catch (error) {
      await jobs.finish(jobId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  },
});

type Deps = Parameters<typeof createFiles.run>[1]['deps'];

async function createWebFiles(
  input: CreateFilesInput,
  deps: Deps,
  progress: (p: number) => Promise<void>,
  taskId: string,
): Promise<CreateFilesResult> {
  const started = Date.now();
  const { storage, config } = deps;
  if (!config.buckets.includes(input.bucket)) throw new Error(CREATE_FILES_MSG.unknownBucket(input.bucket));
  // Each h5ad is read from a local copy on disk: HDF5 reads only the blocks it needs, and the object's bytes are
  // never held whole in memory (a Visium HD genes.h5ad is 300 MB compressed, 600 MB of matrix once read).
  const readInput = async (name: string, required: boolean): Promise<H5adData | null> => {
    const key = `${input.objPath}/${name}`;
    if (!(await storage.exists(input.bucket, key))) {
      if (required) throw new Error(CREATE_FILES_MSG.missing(key));
      return null;
    }
    // Under the import limits like an uploaded h5ad: a run's obj files may come from anywhere (Add Files, a transfer).
    return withLocalCopy(storage, input.bucket, key, (file) =>
      readH5ad(file, { name: key, limits: config.importLimits }),
    );
  };

  await progress(1);
  const genes = (await readInput('genes.h5ad', true))!;
  await progress(10);
  // Without obsm 'spatial' (a non-spatial AnnData, a lone 10x matrix) the run is UMAP-only: data.csv holds NaN
  // positions and the explorer's spatial panel says there are no coordinates.
  const spatial = genes.obsm.spatial;
  if (spatial && spatial.nCols < 2)
    throw new SpatialFormatError('genes.h5ad', CREATE_FILES_MSG.spatialShape(spatial.nCols));
  const n = genes.nObs;

  const extra: Partial<Record<'motifs' | 'eRegulons', H5adData>> = {};
  if (!input.rna) {
    for (const [kind, file] of [
      ['motifs', 'motifs.h5ad'],
      ['eRegulons', 'eRegulons.h5ad'],
    ] as const) {
      const data = await readInput(file, kind === 'motifs');
      if (!data) continue;
      if (data.nObs !== n) throw new SpatialFormatError(file, CREATE_FILES_MSG.obsMismatch(data.nObs, n));
      extra[kind] = data;
    }
  }
  await progress(15);
  const readMs = Date.now() - started;

  // Clusters and UMAP from the file, or from the standard analysis when missing: on the counts (normalised here)
  // or, when the file has no counts, on its log-normalised values as they are.
  const fileClusters = clusterLabels(genes);
  let clusters = fileClusters?.labels ?? null;
  let umap = umapOf(genes);
  let analysed = false;
  // What X, raw.X and layers['counts'] hold decides what is clustered, summed for QC and shown (DESIGN §6). When
  // the file brings its clusters and UMAP, nothing reads the counts after QC: they are normalised in place.
  const expression = chooseInput(genes, input.rna, clusters !== null && umap !== null);
  await progress(20);
  if (!clusters || !umap) {
    const source = expression.counts ?? expression.explorer;
    const analysis = analyseRaw(source.matrix, {
      seed: 0,
      logNormalised: !expression.counts,
      onProgress: (p) => void progress(20 + p * 0.35),
    });
    clusters ??= analysis.clusters;
    umap ??= analysis.umap;
    analysed = true;
  }
  await progress(55);

  const spatialXY = new Float64Array(2 * n).fill(NaN);
  if (spatial) {
    for (let i = 0; i < n; i++) {
      spatialXY[2 * i] = spatial.data[i * spatial.nCols]!;
      spatialXY[2 * i + 1] = spatial.data[i * spatial.nCols + 1]!;
    }
  }
  const qc = qcColumns(genes, input.rna, expression);
  const data: DataCsv = { clusters, spatial: spatialXY, umap, qc: qc.columns };
  const cellTypes = stringColumn(genes, CELL_TYPE_KEYS);
  if (cellTypes) data.cellTypes = cellTypes;
  const analysis: TAnalysisPath = {
    input: expression.path,
    counts: expression.counts?.source ?? null,
    matrix: expression.explorer.source,
    clusters: fileClusters ? { source: 'file', column: fileClusters.column } : { source: 'computed', column: null },
    umap: umapOf(genes) ? 'file' : 'computed',
    umi: qc.umi,
  };

  const features: Partial<Record<FeatureKind, FeatureInput>> = {
    genes: { names: expression.explorer.varNames, matrix: expression.explorer.matrix },
  };
  if (extra.motifs) features.motifs = { names: extra.motifs.varNames, matrix: extra.motifs.X };
  if (extra.eRegulons) features.eRegulons = { names: extra.eRegulons.varNames, matrix: extra.eRegulons.X };

  const analyseMs = Date.now() - started - readMs;
  const tables: Partial<Record<FeatureKind, TopTen>> = {};
  for (const kind of Object.keys(features) as FeatureKind[]) {
    const feature = features[kind]!;
    tables[kind] = topTen(rankClusters(feature.matrix, clusters), feature.names);
  }
  await progress(65);
  const rankMs = Date.now() - started - readMs - analyseMs;

  // Each file goes to storage as soon as it is made, so the run's binary files are never all in memory at once.
  let files = 0;
  let bytes = 0;
  await writeWebFiles(
    { ...data, features: { genes: features.genes!, ...features }, topTen: tables, analysis, barcodes: genes.obsNames },
    async (path, content) => {
      // The binary matrix files come as chunks (2–3 GB each at five million cells): streamed into the object.
      const body =
        content instanceof Uint8Array
          ? asBuffer(content)
          : Readable.from(
              (async function* () {
                for await (const chunk of content) {
                  bytes += chunk.byteLength;
                  yield asBuffer(chunk);
                }
              })(),
            );
      await storage.put(input.bucket, `${input.folder}${path}`, body);
      if (content instanceof Uint8Array) bytes += content.byteLength;
      // The number of files depends on the run's size; progress moves by file from 65 to 99.
      await progress(Math.min(99, 65 + ++files));
    },
  );
  const writeMs = Date.now() - started - readMs - analyseMs - rankMs;
  let available = false;
  if (input.runId) {
    // A run created in Create A Run has no catalogue entry yet: it gets a private one, described later in Add A Run.
    const { records } = createRuns(deps);
    const { created } = await records.ensureRun({ runId: input.runId });
    available = await records.markWebObjectAvailable(input.runId, input.folder);
    await writeThumbnail(storage, input.bucket, input.runId, spatial ? spatialXY : Float64Array.from(umap), clusters);
    // The run's history (Add A Run) shows who made its web object, and that this made its catalogue entry.
    const task = await deps.db.selectFrom('tasks').select('requested_by').where('id', '=', taskId).executeTakeFirst();
    await recordAudit(deps.db, {
      actor: task?.requested_by ?? null,
      action: created ? 'run.create' : 'run.web_object',
      target: runTarget(input.runId),
      after: { web_obj_path: input.folder, web_object_available: available },
    });
  }
  return {
    run_id: input.runId,
    bucket: input.bucket,
    folder: input.folder,
    files,
    bytes,
    tixels: n,
    features: Object.fromEntries(Object.entries(features).map(([k, f]) => [k, f.names.length])),
    clusters: new Set(clusters).size,
    analysed,
    analysis,
    web_object_available: available,
    ms: Date.now() - started,
    phases_ms: { read: readMs, analyse: analyseMs, rank: rankMs, write: writeMs },
  };
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The catalogue thumbnail of a run from its spatial plot, unless one exists (an admin's FrontPage image wins). */
async function writeThumbnail(
  storage: Deps['storage'],
  bucket: string,
  runId: string,
  spatial: Float64Array,
  clusters: readonly string[],
): Promise<void> {
  const key = frontpageKey(runId);
  if (await storage.exists(bucket, key)) return;
  const image = renderSpatialThumbnail({ spatial, clusters, size: THUMBNAIL_MAX_PX });
  const png = await sharp(Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await storage.put(bucket, key, png, { contentType: 'image/png' });
}

/**
 * Cluster label per tixel from the first clustering column of obs, with the file's own names: leiden's '0', '2'
 * stay '0', '2' in the legend, the feature tables and every CSV (only clusters we compute are named C1…Cn).
 */
function clusterLabels(h5ad: H5adData): { labels: string[]; column: string } | null {
  for (const key of CLUSTER_KEYS) {
    const labels = columnStrings(h5ad.obs[key]);
    if (labels) return { labels, column: key };
  }
  return null;
}

/**
 * The counts and the explorer matrix (chooseExpressionInput). A file with only scaled values is refused for
 * transcriptome runs; an ATAC run's gene scores may be z-scores, and are shown as they are.
 */
function chooseInput(genes: H5adData, rna: boolean, inPlace: boolean): ExpressionInput {
  try {
    return chooseExpressionInput(genes, { inPlace });
  } catch (error) {
    if (!(error instanceof ExpressionInputError)) throw error;
    if (rna) throw new SpatialFormatError('genes.h5ad', error.message);
    return {
      path: 'as-is',
      counts: null,
      explorer: { source: 'X', matrix: genes.X, varNames: genes.varNames },
      found: [],
    };
  }
}

function umapOf(h5ad: H5adData): Float32Array | null {
  const embedding = h5ad.obsm.X_umap ?? h5ad.obsm.umap;
  if (!embedding || embedding.nCols < 2) return null;
  const out = new Float32Array(2 * h5ad.nObs);
  for (let i = 0; i < h5ad.nObs; i++) {
    out[2 * i] = embedding.data[i * embedding.nCols]!;
    out[2 * i + 1] = embedding.data[i * embedding.nCols + 1]!;
  }
  return out;
}

function columnStrings(column: ObsColumn | undefined): string[] | null {
  if (!column) return null;
  if (column.kind === 'categorical') return Array.from(column.codes, (c) => (c >= 0 ? column.categories[c]! : 'NA'));
  if (column.kind === 'string') return column.values;
  return null;
}

function stringColumn(h5ad: H5adData, keys: readonly string[]): string[] | null {
  for (const key of keys) {
    const values = columnStrings(h5ad.obs[key]);
    if (values) return values;
  }
  return null;
}

function numericColumn(h5ad: H5adData, keys: readonly string[]): Float32Array | null {
  for (const key of keys) {
    const column = h5ad.obs[key];
    if (column?.kind === 'numeric') return Float32Array.from(column.values);
  }
  return null;
}

/**
 * The two QC columns of data.csv: for RNA the gene count and UMI count per tixel (from obs when the file has
 * them, else from the counts); for ATAC the TSS enrichment and log10 fragments from obs, else the same counts.
 * Without counts the UMI column is 0 and `umi: 'none'` says so (a sum of log values is no UMI count).
 */
function qcColumns(
  h5ad: H5adData,
  rna: boolean,
  expression: ExpressionInput,
): { columns: [Float32Array, Float32Array]; umi: TAnalysisPath['umi'] } {
  if (!rna) {
    const tss = numericColumn(h5ad, ['TSSEnrichment', 'tsse', 'TSS_enrichment']);
    const frags = numericColumn(h5ad, ['log10_nFrags', 'log10_fragments']);
    if (tss && frags) return { columns: [tss, frags], umi: 'obs' };
  }
  const genes = numericColumn(h5ad, ['n_genes_by_counts', 'n_genes', 'nFeature_RNA']);
  const umis = numericColumn(h5ad, ['total_counts', 'n_counts', 'nCount_RNA']);
  if (genes && umis) return { columns: [genes, umis], umi: 'obs' };
  const matrix: Matrix = expression.counts?.matrix ?? expression.explorer.matrix;
  const csr = toCsr(matrix);
  const detected = new Float32Array(h5ad.nObs);
  for (let i = 0; i < h5ad.nObs; i++) {
    let c = 0;
    for (let k = csr.indptr[i]!; k < csr.indptr[i + 1]!; k++) if (csr.data[k] !== 0) c++;
    detected[i] = c;
  }
  if (!expression.counts) return { columns: [detected, new Float32Array(h5ad.nObs)], umi: 'none' };
  return { columns: [detected, Float32Array.from(expression.countTotals ?? rowSums(matrix))], umi: 'counts' };
}
