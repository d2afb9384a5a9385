/** User-visible texts of exports (issue 34: a selection, an annotation or a run in a notebook). */
export const EXPORT_MSG = {
  tooLarge: (values: number, max: number) =>
    `The export would hold ${values.toLocaleString('en-US')} non-zero values, more than the ` +
    `${max.toLocaleString('en-US')} one export may: export a selection or an annotation of the run instead`,
  observationOutOfRange: (index: number, runId: string, count: number) =>
    `Observation ${index} is not one of run ${runId}: its indices are 0 to ${count - 1}`,
  busy: (atOnce: number) =>
    `${atOnce} large exports are being made on this server already: try again in a minute, or export a selection`,
  annotationNotOfRun: (runId: string) => `This annotation is not one of run ${runId}`,
  noMatrix: (runId: string) => `Run ${runId} has no gene matrix in its web files: create its web object again`,
  subclusterTooFew: (n: number, min: number) =>
    `Re-clustering needs at least ${min} selected tixels, got ${n}: select a larger region`,
  subclusterTooMany: (n: number, max: number) =>
    `Re-clustering takes at most ${max.toLocaleString('en-US')} tixels, got ${n.toLocaleString('en-US')}: select a smaller region`,
  subclusterAction: 'Re-cluster selection',
  subclusterRunning: (percent: number) => `Re-clustering… ${percent} %`,
  subclusterSaved: (n: number, prefix: string) => `${n} sub-clusters saved as annotations ${prefix} …`,
  /** The explorer's export menu. */
  action: 'Export as .h5ad',
  barcodesAction: 'Barcodes as CSV',
  preparing: 'Preparing the file…',
  downloading: (percent: number) => `Downloading… ${percent} %`,
  done: (name: string) => `${name} downloaded`,
} as const;
