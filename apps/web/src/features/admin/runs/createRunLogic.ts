/** The inputs webfile.create_files reads, in the order the presence table lists them (spec 03 §2.10). */
export const WEB_OBJECT_INPUTS = ['genes.h5ad', 'motifs.h5ad', 'motifs.csv'] as const;
export type WebObjectInput = (typeof WEB_OBJECT_INPUTS)[number];

/** Which inputs sit in `{path}h5/obj/`, from the keys listed there. */
export function presenceOf(keys: readonly string[], path: string): Record<WebObjectInput, boolean> {
  const folder = `${path}h5/obj/`;
  const present = new Set(keys.filter((k) => k.startsWith(folder)).map((k) => k.slice(folder.length)));
  return {
    'genes.h5ad': present.has('genes.h5ad'),
    'motifs.h5ad': present.has('motifs.h5ad'),
    'motifs.csv': present.has('motifs.csv'),
  };
}

/**
 * Create A Run's Submit rule (spec 03 §5): a run, a bucket and a path chosen, a job description, not sent yet, and
 * either all three inputs present or a transcriptome run with genes.h5ad. The rna flag follows the same rule. A run
 * that already has a web object is made again only once the admin agreed to replace it (the server refuses it
 * otherwise).
 */
export function canSubmitWebObject(state: {
  runId: string | null;
  bucket: string;
  path: string | null;
  description: string;
  sent: boolean;
  transcriptome: boolean;
  presence: Record<WebObjectInput, boolean> | null;
  hasWebObject: boolean;
  replace: boolean;
}): boolean {
  const p = state.presence;
  if (!state.runId || !state.bucket || !state.path || !state.description.trim() || state.sent || !p) return false;
  if (state.hasWebObject && !state.replace) return false;
  return state.transcriptome ? p['genes.h5ad'] : WEB_OBJECT_INPUTS.every((name) => p[name]);
}
