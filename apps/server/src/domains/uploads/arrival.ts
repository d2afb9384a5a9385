import { describeTiff, readH5ad, readTiffInfo, SpatialFormatError } from '@atlas/spatial';
import type { StagedFile } from './staging.js';
import { SIGNATURE_BYTES, signatureProblem, trackFormat, type TImportLimits, type UploadKind } from '@atlas/contracts';

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
 * description; throws ArrivalError naming the problem. An AnnData is read with the import limits (issue 33): one
 * that declares more than they allow is refused from its shapes, before its names are read.
 */
export async function checkArrival(
  kind: UploadKind,
  file: StagedFile,
  name: string,
  limits: TImportLimits,
): Promise<string> {
  try {
    if (kind === 'tiff') return describeTiff(await readTiffInfo(file.readAt, file.size, name));
    if (kind === 'track') return await describeTrack(file, name);
    const summary = await readH5ad(await file.localPath(), { matrix: false, name, obsm: true, limits });
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

/**
 * A track is checked by its first bytes (the upload's first request was already refused on them when it carried
 * them all) and named for the track browser: 'bigwig track' or 'index of …'; igv reads the rest when drawn.
 */
async function describeTrack(file: StagedFile, name: string): Promise<string> {
  const head = await file.readAt(0, Math.min(SIGNATURE_BYTES, file.size));
  const problem = signatureProblem('track', head, name);
  if (problem) throw new ArrivalError(problem);
  const format = trackFormat(name);
  return format ? `a ${format} track for the track browser` : `an index for the track browser`;
}

export class ArrivalError extends Error {}
