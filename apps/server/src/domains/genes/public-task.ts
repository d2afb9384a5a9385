import { GENES_MSG, type CallBody, type genesCalls } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import type { RunAccess } from '../runs/index.js';

type PublicTaskRequest = CallBody<typeof genesCalls.publicTask>;
type LinkFiles = NonNullable<RunAccess['link']>['data'];

/**
 * The arguments of a public viewer's gene task, made from the files its link names (never from the client): the
 * h5ad of the feature kind asked for, or the motifs CSV for a sequence logo. 400 when the run has no such file.
 */
export function publicTaskArguments(
  body: PublicTaskRequest,
  files: LinkFiles,
): { args: unknown[]; kwargs: Record<string, unknown> } {
  const kwargs: Record<string, unknown> = { bucket: files.bucket };
  // The public viewer's Cell Type Mapping shows why a cluster stays 'Undefined', like the members' one.
  if (body.task === 'gene.compute_cell_type') kwargs.explain = true;
  if (body.task === 'gene.compute_qc') {
    if (body.method) kwargs.method = body.method;
    if (body.tie_correct !== undefined) kwargs.tie_correct = body.tie_correct;
    if (body.full_table !== undefined) kwargs.full_table = body.full_table;
  }
  if (body.task === 'gene.seq_logo') {
    if (!files.motifs_csv) throw new HttpError(400, GENES_MSG.kindUnavailable('motifs'));
    return { args: [files.motifs_csv, body.motif ?? ''], kwargs };
  }
  const h5ad =
    body.kind === 'genes'
      ? files.genes_h5ad
      : body.kind === 'motifs'
        ? files.motifs_h5ad
        : files.eregulon_names && files.genes_h5ad.replace(/genes\.h5ad$/, 'eRegulons.h5ad');
  if (!h5ad) throw new HttpError(400, GENES_MSG.kindUnavailable(body.kind));
  const args =
    body.task === 'gene.compute_qc' ? [h5ad, body.selection ?? [], body.key ?? ''] : [h5ad, body.name_map ?? {}];
  return { args, kwargs };
}
