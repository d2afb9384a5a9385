import type { FastifyInstance } from 'fastify';
import { ATLASBROWSER_MSG, atlasBrowserCalls, BARCODE_MAPPING } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { callerOf, type Runs } from '../runs/index.js';
import { createSlimsClient } from './slims.js';

/** The spatial folder of a run in the bucket's data folder (DESIGN §5, §7). */
export const spatialFolderKey = (root: string, runId: string) => `${root}/${runId}/spatial/`;
const ROOT = 'data';

/**
 * AtlasXbrowser's calls (spec 02 §7.1, §7.3): its configuration, whether a run has a spatial folder, and the SLIMS
 * proxies. Access (spec 02 §6): admin and user. The spatial folder check goes through the runs domain: a run the
 * caller may not read answers exactly as a run without a folder.
 */
export function registerAtlasBrowserRoutes(
  app: FastifyInstance,
  infra: Pick<Infra, 'storage' | 'config'>,
  runs: Runs,
): void {
  const { storage, config } = infra;
  const bucket = dataBucket(config);
  const slims = config.slims ? createSlimsClient(config.slims) : null;
  const requireSlims = () => {
    if (!slims) throw new HttpError(404, ATLASBROWSER_MSG.slimsNotConfigured);
    return slims;
  };

  route(app, atlasBrowserCalls.config, async () => ({
    bucket_name_bsa: bucket,
    bucket_name_spatial: bucket,
    root_dir_bsa: ROOT,
    root_dir_spatial: ROOT,
    barcodes_bucket: bucket,
    barcodes_path: config.barcodesPath,
    barcode_mapping: BARCODE_MAPPING.map((m) => ({ ...m })),
    slims: slims !== null,
  }));

  route(app, atlasBrowserCalls.checkSpatialFolderExists, async ({ body, identity }) => {
    if (!config.buckets.includes(body.bucket_name)) throw new HttpError(404, `Unknown bucket '${body.bucket_name}'.`);
    const prefix = spatialFolderKey(ROOT, body.run_id);
    if (!(await runs.objects.allows(callerOf(identity), 'read', [{ bucket: body.bucket_name, key: prefix }])))
      return { exists: false, files: [] };
    const files = (await storage.list(body.bucket_name, { prefix })).objects.map((o) => o.key);
    return { exists: files.length > 0, files: files.sort() };
  });

  route(app, atlasBrowserCalls.slimsRunId, ({ query }) => requireSlims().run(query.run_id));
  route(app, atlasBrowserCalls.slimsListRunIds, () => requireSlims().runIds());
}
