import { describeTiff, readH5ad, readTiffInfo, SpatialFormatError } from '@atlas/spatial';
import type { StagedFile } from './staging.js';
import type { UploadKind } from '@atlas/contracts';

/** Names the first few of a list, for a one-line description. */
const some = (names: readonly string[], max = 6) =>
  names.length === 0
    ? 'none'
    : names.length > max
      ? `${names.slice(0, max).join(', ')} … (${names.length})`
      : names.join(', ');

/**
 * Checks a completed upload before it is put in place (issue 14): a TIFF's header and image directories (dimensions,
 * sample type, pages), or an AnnData file's header, X shape, obs/var names and obsm keys. Answers a one-line
 * description; throws ArrivalError naming the problem.
 */
export async function checkArrival(kind: UploadKind, file: StagedFile, name: string): Promise<string> {
  try {
    if (kind === 'tiff') return describeTiff(await readTiffInfo(file.readAt, file.size, name));
    const summary = await readH5ad(await file.localPath(), { matrix: false, name, obsm: true });
    const obsm = Object.keys(summary.obsm);
    return (
      `${summary.nObs} × ${summary.nVars} (${summary.xLayout}), obs: ${some(Object.keys(summary.obs))}, ` +
      `var: ${some(Object.keys(summary.var))}, obsm: ${some(obsm)}`
    );
  } catch (error) {
    if (error instanceof SpatialFormatError) throw new ArrivalError(error.problem);
    throw error;
  }
}

export class ArrivalError extends Error {}
