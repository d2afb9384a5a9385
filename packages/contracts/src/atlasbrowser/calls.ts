import { z } from 'zod';
import { defineCall } from '../call.js';
import { ZAtlasBrowserConfig, ZSlimsRecord, ZSpatialFolderExists } from './schemas.js';

const ZRunId = z.string().regex(/^D[0-9]{5,}$/, "Run id must be 'D' followed by at least 5 digits");

export const config = defineCall({
  method: 'GET',
  path: '/api/v1/atlasbrowser/config',
  access: 'user',
  summary:
    'AtlasXbrowser configuration: image and spatial buckets and root folders, where the barcode files are, the barcode orientation mapping, and whether SLIMS is configured.',
  response: ZAtlasBrowserConfig,
});

export const checkSpatialFolderExists = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/check_spatial_folder_exists',
  access: 'user',
  summary: "Whether the run has a spatial folder (`{run}/spatial/` in the bucket's data folder) and its files.",
  body: z.object({ bucket_name: z.string().min(1).max(63), run_id: ZRunId }),
  response: ZSpatialFolderExists,
});

export const slimsRunId = defineCall({
  method: 'GET',
  path: '/api/v1/dataset/slimstest_runid',
  access: 'user',
  summary: "The run's tissue slide from SLIMS (`/rest/Content`), columns flattened; 404 when SLIMS is not configured.",
  query: z.object({ run_id: ZRunId }),
  response: ZSlimsRecord,
});

export const slimsListRunIds = defineCall({
  method: 'GET',
  path: '/api/v1/dataset/slimstest_list_runids',
  access: 'user',
  summary: 'Run ids of the tissue slides in SLIMS; 404 when SLIMS is not configured.',
  response: z.array(z.string()),
});
