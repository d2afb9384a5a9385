/**
 * The real-data acceptance suite's table (issue 32): one row per public data set in ../shared/data (its README
 * says what each is). A row is either a run — imported as a user would, then checked in the explorer against what
 * the file itself says — or an input the importer refuses, with the message a user reads. e2e/real-data.spec.ts
 * makes one test of each row. Paths are relative to ../shared/data.
 */
import { spaceRangerPair } from '@atlas/spatial/testing';

/** How a run's input reaches the server. */
export type ImportPath =
  /** Copied into the data bucket (as any S3 tool would), then POST /api/v1/run_db/import. */
  | 'bucket'
  /** The Uploader's Gene Matrix slot in the browser, then POST /api/v1/run_db/import of what it stored. */
  | 'uploader';

/** Where the legend's clusters and counts come from. */
export type ClusterSource =
  /** A categorical obs column of an h5ad, read at test time with h5wasm (codes + categories). */
  | { h5ad: string; column: string }
  /** Counts written down from the data set's README. */
  | { counts: Record<string, number> }
  /** Computed by the import (no clusters in the file): as many as the task says, counts summing to the spots. */
  | { computed: true }
  /** The same counts as another row's run (the same matrix in another format). */
  | { sameAs: string };

/** The tissue image a run must show under its spots: its pixels and the scale factor from full-resolution px. */
export type TissueSource =
  | { uns: string; resolution: 'lowres' | 'hires' }
  | { png: string; scalefactors: string; key: 'tissue_lowres_scalef' | 'tissue_hires_scalef' };

export interface RunRow {
  kind: 'run';
  /** Short name: the test title and the screenshot `real-<id>`. */
  id: string;
  /** Inputs (file or folder); a built one is written by `build` into the folder it is given. */
  inputs: (string | { build: (target: string) => string; name: string })[];
  /** The first run id; further inputs of the row take the next ones. */
  run: number;
  via: ImportPath;
  spots: number;
  spatial: boolean;
  clusters: ClusterSource;
  /** A real tissue image under the spots, or none (placeholder images dropped, or no spatial folder). */
  tissue: TissueSource | null;
  /** A DERIVED Welch t-test top 10 (group vs rest) that a lasso around one group must reproduce. */
  reference?: { csv: string; groupby: string };
  /** Also imported by `npm run import` (into a data folder of its own): the same tixel table as the server's. */
  cli?: true;
  /** Heavier checks, on a few representative rows only. */
  figure?: boolean;
  permalink?: boolean;
}

export interface RefusalRow {
  kind: 'refusal';
  id: string;
  input: string;
  /** What the admin route (and the CLI, which prefixes "<run>: nothing imported.") says. */
  message: RegExp;
  /** Also through `npm run import` (one row per kind of refusal: each CLI run is a Node start of seconds). */
  cli?: true;
  /** The issue that covers the format when it is not importable yet. */
  issue?: string;
}

export type Row = RunRow | RefusalRow;

const SQUIDPY_H5AD = 'visium-squidpy-tests/test_data.h5ad';
const PBMC_H5AD = 'scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad';
const VITESSCE = (version: string, stores: string[]) =>
  stores.map((s) => `anndata-zarr/vitessce-fixtures/anndata-${version}/${s}`);
/** obs leiden of the vitessce fixtures: categories ["1","2"], codes [0,0,1] (README, anndata-zarr/). */
const VITESSCE_LEIDEN = { counts: { '1': 2, '2': 1 } };

const TOO_FEW = (file: string, n: number) =>
  new RegExp(
    `${file}: ${n} observations are too few to compute clusters and a UMAP \\(at least 16 are needed\\)\\. Give an AnnData with obs clusters and obsm X_umap, or a run with more spots`,
  );
const SCALED = (file: string) =>
  new RegExp(
    `${file}: X holds negative values \\(scaled / z-scored data.*\\) and the file has no raw\\.X or counts layer\\. Provide counts or log-normalised values`,
  );
const UNKNOWN = /is not an input the importer knows\. Give one of: an AnnData \.h5ad/;
const CLI = { cli: true } as const;
const refused = (
  id: string,
  input: string,
  message: RegExp,
  more: Pick<RefusalRow, 'cli' | 'issue'> = {},
): RefusalRow => ({ kind: 'refusal', id, input, message, ...more });

export const ROWS: Row[] = [
  // Runs, small and quick to make first (the web-file queue runs two tasks at a time, in order).
  ...(['0.7', '0.10', '0.12'] as const).map((version, i): RunRow => ({
    kind: 'run',
    id: `anndata-zarr-${version}`,
    inputs: VITESSCE(version, [
      version === '0.7' ? 'anndata-csr.zarr' : 'anndata-csr.adata.zarr',
      'anndata-csc.zarr',
      'anndata-dense.zarr',
    ]),
    run: 8101 + 10 * i,
    via: 'bucket',
    spots: 3,
    spatial: false,
    clusters: VITESSCE_LEIDEN,
    tissue: null,
  })),
  {
    kind: 'run',
    id: 'pbmc68k-h5ad',
    inputs: [PBMC_H5AD],
    run: 8001,
    via: 'bucket',
    spots: 700,
    spatial: false,
    clusters: { h5ad: PBMC_H5AD, column: 'louvain' },
    tissue: null,
    reference: { csv: 'scanpy-pbmc68k-reduced/ttest_top10_louvain_DERIVED.csv', groupby: 'louvain' },
    permalink: true,
  },
  {
    kind: 'run',
    id: 'pbmc68k-zarr-zip',
    inputs: ['anndata-zarr/scanpy/10x_pbmc68k_reduced.zarr.zip'],
    run: 8002,
    via: 'bucket',
    spots: 700,
    spatial: false,
    // The same obs as the h5ad (README: scanpy's current bundled copy of the same data).
    clusters: { h5ad: PBMC_H5AD, column: 'louvain' },
    tissue: null,
  },
  {
    kind: 'run',
    id: 'anndata-archive-0.7.8',
    inputs: ['anndata-zarr/anndata-archives/v0.7.8/adata.zarr.zip'],
    run: 8003,
    via: 'bucket',
    spots: 30,
    spatial: false,
    clusters: { computed: true },
    tissue: null,
  },
  {
    kind: 'run',
    id: 'spatialdata-table',
    inputs: ['spatialdata-zarr/vitessce-spatialdata-0.7/blobs.sdata.zarr/tables/table'],
    run: 8004,
    via: 'bucket',
    spots: 26,
    spatial: false,
    clusters: { computed: true },
    tissue: null,
  },
  {
    kind: 'run',
    id: 'sfe-pair',
    inputs: [{ name: 'outs', build: spaceRangerPair }],
    cli: true,
    run: 8005,
    via: 'bucket',
    spots: 25,
    spatial: true,
    clusters: { computed: true },
    // Its images are tiny crops that no scale factor puts under the spots: dropped at import (README).
    tissue: null,
  },
  {
    kind: 'run',
    id: 'squidpy-folder',
    inputs: ['visium-squidpy-tests'],
    run: 8006,
    via: 'bucket',
    spots: 100,
    spatial: true,
    clusters: { computed: true },
    tissue: {
      png: 'visium-squidpy-tests/spatial/tissue_lowres_image.png',
      scalefactors: 'visium-squidpy-tests/spatial/scalefactors_json.json',
      key: 'tissue_lowres_scalef',
    },
  },
  {
    kind: 'run',
    id: '10x-h5-v3',
    inputs: ['10x-mtx-h5-scanpy-tests/3.0.0/filtered_feature_bc_matrix.h5'],
    run: 8007,
    via: 'bucket',
    spots: 1107,
    spatial: false,
    clusters: { computed: true },
    tissue: null,
  },
  {
    kind: 'run',
    id: '10x-mtx-v3',
    inputs: ['10x-mtx-h5-scanpy-tests/3.0.0/filtered_feature_bc_matrix'],
    run: 8008,
    via: 'bucket',
    spots: 1107,
    spatial: false,
    clusters: { sameAs: '10x-h5-v3' },
    tissue: null,
  },
  {
    kind: 'run',
    id: 'visium-hd-8um',
    inputs: ['visium-hd/seurat-fake-hd/binned_outputs/square_008um'],
    run: 8009,
    via: 'bucket',
    spots: 2695,
    spatial: true,
    clusters: { computed: true },
    // Both images are flat placeholders (README: synthetic layout): drawn without one.
    tissue: null,
    figure: true,
  },
  // Single-cell-resolution outputs (issue 38): cells placed in microns, no tissue image in these samples.
  {
    kind: 'run',
    id: 'cosmx-dbkero',
    inputs: ['cosmx/spacetrooper-CosMx_DBKero_Tiny'],
    run: 8301,
    via: 'bucket',
    spots: 905,
    spatial: true,
    clusters: { computed: true },
    tissue: null,
  },
  {
    kind: 'run',
    id: 'merscope-tiny',
    inputs: ['merscope/spacetrooper-Merfish_Tiny'],
    run: 8302,
    via: 'bucket',
    spots: 50,
    spatial: true,
    clusters: { computed: true },
    tissue: null,
  },
  {
    kind: 'run',
    // Transcripts and per-FOV boundaries, no cell_by_gene.csv: the counts are built from them.
    id: 'merscope-transcripts',
    inputs: ['merscope/moleculeexperiment-vizgen_HumanOvarianCancerPatient2Slice2'],
    run: 8303,
    via: 'bucket',
    spots: 24,
    spatial: true,
    clusters: { computed: true },
    tissue: null,
  },
  // Last: its import is posted only once the browser has uploaded the file.
  {
    kind: 'run',
    id: 'squidpy-h5ad',
    inputs: [SQUIDPY_H5AD],
    run: 8010,
    via: 'uploader',
    spots: 49,
    spatial: true,
    clusters: { h5ad: SQUIDPY_H5AD, column: 'leiden' },
    // The hires image is a near-black placeholder: the lowres H&E must be the one drawn, under the spots.
    tissue: { uns: SQUIDPY_H5AD, resolution: 'lowres' },
    reference: { csv: 'visium-squidpy-tests/ttest_top10_leiden_DERIVED.csv', groupby: 'leiden' },
    figure: true,
    permalink: true,
  },
  // Inputs that cannot be a run, last: the CLI refusals run in the background meanwhile. The message says why
  // and what to give instead.
  refused('sfe-sample01', 'visium-spaceranger2-csv/sfe-sample01/outs', TOO_FEW('filtered_feature_bc_matrix', 12), CLI),
  refused('sfe-sample02', 'visium-spaceranger2-csv/sfe-sample02/outs', TOO_FEW('filtered_feature_bc_matrix', 13)),
  refused('visium-hd-2um', 'visium-hd/visiumio-mouse-brain-square_002um', TOO_FEW('filtered_feature_bc_matrix.h5', 10)),
  refused(
    'visium-hd-16um',
    'visium-hd/seurat-fake-hd/binned_outputs/square_016um',
    /2053 of 2695 barcodes have no row in the spatial positions file .*same bin size/,
    CLI,
  ),
  refused(
    'anndata-archive-0.11.4',
    'anndata-zarr/anndata-archives/v0.11.4/adata.zarr.zip',
    /adata\.zarr\.zip: no X matrix: an AnnData without expression values cannot become a run \(write adata\.X first\)/,
    CLI,
  ),
  refused(
    'spatialdata-blobs',
    'spatialdata-zarr/vitessce-spatialdata-0.7/blobs.sdata.zarr',
    /3 of the 26 observations of tables\/table have a position in labels\/blobs_labels .*Import the table alone as a UMAP-only run \(.*blobs\.sdata\.zarr\/tables\/table\)/,
    CLI,
  ),
  refused('h5ad-nan', 'h5ad-format-variants/nan.h5ad', SCALED('nan\\.h5ad'), CLI),
  refused(
    'h5ad-old-categories',
    'h5ad-format-variants/1e4dfec4-c0b2-46ad-a04e-ff3ffb3c0a8f.h5ad',
    TOO_FEW('1e4dfec4-c0b2-46ad-a04e-ff3ffb3c0a8f\\.h5ad', 3),
  ),
  refused('h5ad-as-h5', 'h5ad-format-variants/test_data.h5', SCALED('test_data\\.h5')),
  refused('motifs', 'motifs', UNKNOWN, CLI),
  refused('bigwig', 'bigwig/variable_step.bw', /variable_step\.bw: not an HDF5 file \(no HDF5 signature\)/, CLI),
  refused('barcodes', 'barcodes', UNKNOWN),
  // Issue 38: the samples too small to be runs (the mouse-brain patch counted from its transcripts: 7 cells).
  refused('xenium-small', 'xenium/spatialexperimentio-Xenium_small', TOO_FEW('spatialexperimentio-Xenium_small', 6)),
  refused('xenium-mouse-brain', 'xenium/moleculeexperiment-xenium_V1_FF_Mouse_Brain/sample1', TOO_FEW('sample1', 7)),
  refused('cosmx-small', 'cosmx/spatialexperimentio-CosMx_small', TOO_FEW('spatialexperimentio-CosMx_small', 9)),
  refused(
    'merscope-small',
    'merscope/spatialexperimentio-MERSCOPE_small',
    TOO_FEW('spatialexperimentio-MERSCOPE_small', 8),
  ),
];

/** The run ids of a run row, one per input. */
export const runIdsOf = (row: RunRow): string[] => row.inputs.map((_, i) => `D${String(row.run + i).padStart(5, '0')}`);
