import { z } from 'zod';
import { defineCall } from '../call.js';
import { ZTaskState } from '../tasks/schemas.js';
import {
  ZDataRows,
  ZExpression,
  ZExpressionQuery,
  ZFeatureNamesQuery,
  ZImportRequest,
  ZPublicTaskRequest,
  ZBarcodesQuery,
  ZRunRef,
  ZSummationRequest,
  ZTissueImage,
  ZTopTen,
  ZTopTenQuery,
} from './schemas.js';
import { ZNetwork, ZTracks } from './tracks.js';
import { ZCellOutlinesQuery, ZCellsInfo } from './cells.js';

/**
 * Run-data reads (spec 03 §7 "Data reads for a run", DESIGN §6), under `/api/v1/genes/<snake_name>` (DESIGN §3).
 * Access is 'public' on the route; the service then checks the run itself: a member's run_id must name a run
 * they may see (group member, public run, admin), a public session's `encoded` link must be valid. A run the
 * caller may not see is a 404, as if it did not exist.
 */
export const featureNames = defineCall({
  method: 'GET',
  path: '/api/v1/genes/feature_names',
  access: 'public',
  summary: 'Feature names of a run (genes, motifs or eRegulons; kind 1, 2, 3 in the public variant).',
  query: ZFeatureNamesQuery,
  response: z.array(z.string()),
});

export const dataRows = defineCall({
  method: 'GET',
  path: '/api/v1/genes/data',
  access: 'public',
  summary: 'The tixel table of a run (data.csv.gz): clusters, spatial, UMAP, QC, cell types.',
  query: ZRunRef,
  response: ZDataRows,
});

export const barcodes = defineCall({
  method: 'GET',
  path: '/api/v1/genes/barcodes',
  access: 'public',
  summary:
    'The observation names of a run (barcodes, cell ids) in tixel order, all or one block of BARCODE_BLOCK; 404 for ' +
    'runs built without them.',
  query: ZBarcodesQuery,
  response: z.array(z.string()),
});

/** Registered as a raw route: `Accept: application/octet-stream` answers float32 per tixel per row. */
export const getSummation = defineCall({
  method: 'POST',
  path: '/api/v1/genes/get_summation',
  access: 'public',
  summary: 'Values of features by index: one comma-separated %6.2f string per row, or binary float32.',
  body: ZSummationRequest,
  response: z.array(z.string()),
});

export const expression = defineCall({
  method: 'GET',
  path: '/api/v1/genes/expression',
  access: 'public',
  summary: 'One feature by name: its index and exact value per tixel.',
  query: ZExpressionQuery,
  response: ZExpression,
});

export const topTen = defineCall({
  method: 'GET',
  path: '/api/v1/genes/top_ten',
  access: 'public',
  summary:
    'The feature table of a run: topTen_{genes|motifs|eRegulons}.json as stored (10 enriched / depleted per cluster).',
  query: ZTopTenQuery,
  response: ZTopTen,
});

export const tissueImage = defineCall({
  method: 'GET',
  path: '/api/v1/genes/tissue_image',
  access: 'public',
  summary: 'Whether the run has a spatial folder with a tissue image, and where to draw it under the spatial plot.',
  query: ZRunRef,
  response: ZTissueImage,
});

export const cells = defineCall({
  method: 'GET',
  path: '/api/v1/genes/cells',
  access: 'public',
  summary: 'Whether the run is a single-cell-resolution run (Xenium, CosMx, MERSCOPE): units, outlines, cell size.',
  query: ZRunRef,
  response: ZCellsInfo,
});

/** Registered as a raw route: answers @atlas/spatial/outline-window's binary form, at most CELL_OUTLINE_LIMITS. */
export const cellOutlines = defineCall({
  method: 'GET',
  path: '/api/v1/genes/cell_outlines',
  access: 'public',
  summary: "The outlines of the run's cells within a window (µm), or none when they exceed the vertex cap.",
  query: ZCellOutlinesQuery,
});

/** Registered as a raw route: answers the image bytes (JPEG), with an ETag and private caching. */
export const tissueImageFile = defineCall({
  method: 'GET',
  path: '/api/v1/genes/tissue_image/file',
  access: 'public',
  summary: 'The tissue image of a run’s spatial folder (hires, else lowres), re-encoded as JPEG.',
  query: ZRunRef,
});

export const publicTask = defineCall({
  method: 'POST',
  path: '/api/v1/genes/public_task',
  access: 'public',
  summary: 'Posts a gene task for a public link; its file arguments come from the link, never from the client.',
  body: ZPublicTaskRequest,
  response: ZTaskState,
});

export const importRun = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/import',
  access: 'admin',
  summary: 'Imports an uploaded .h5ad (key) or Visium folder (prefix) as a run and starts webfile.create_files.',
  body: ZImportRequest,
  response: ZTaskState,
});

export const tracks = defineCall({
  method: 'GET',
  path: '/api/v1/genes/tracks',
  access: 'public',
  summary:
    'The track browser of a run: its tracks (data/{run}/tracks) and its genome reference (ref/{genome}) in the tracks bucket, as URLs signed for one hour.',
  query: ZRunRef,
  response: ZTracks,
});

export const networks = defineCall({
  method: 'GET',
  path: '/api/v1/genes/networks',
  access: 'public',
  summary: 'File names of the regulon networks of a run (data/{run}/h5/networks/*.json).',
  query: ZRunRef,
  response: z.array(z.string()),
});

export const network = defineCall({
  method: 'GET',
  path: '/api/v1/genes/network',
  access: 'public',
  summary:
    'One regulon network of a run by file name: nodes (name, color_rgb, size) and edges (source, target, color_rgb, width).',
  query: ZRunRef.extend({
    name: z.string().regex(/^[\w.+-]+\.json$/, 'must be a .json file name of the run\u2019s networks'),
  }),
  response: ZNetwork,
});
