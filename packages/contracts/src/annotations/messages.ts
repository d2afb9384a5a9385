/** User-visible texts of shared annotations (ours: annotations go beyond the spec). */
export const ANNOTATION_MSG = {
  notFound: 'This annotation was not found',
  runNotFound: (runId: string) => `Run ${runId} was not found`,
  notEditable: (runId: string) => `Only members of the group of run ${runId} may change its annotations`,
  nameTaken: (name: string, runId: string) => `Run ${runId} already has an annotation named ${name}`,
  saved: (name: string) => `Annotation ${name} saved`,
  deleted: (name: string) => `Annotation ${name} deleted`,
  noSelection: 'Select tixels with the lasso or quad tool first',
  /** The run has no tixel table yet (its web files are not made), so no index can be checked. */
  noTixelTable: (runId: string) => `Run ${runId} has no tixel table yet: annotate it once its files are made`,
  tooManyTixels: (given: number, runId: string, count: number) =>
    `${given.toLocaleString('en-US')} tixel indices given, but run ${runId} has ${count.toLocaleString('en-US')} tixels`,
  tixelOutOfRange: (index: number, runId: string, count: number) =>
    `Tixel ${index} is not a tixel of run ${runId}: its indices are 0 to ${count - 1}`,
  runFull: (runId: string, max: number) =>
    `Run ${runId} already has ${max} annotations, the most one run may hold: delete one first`,
  userFull: (max: number) => `You have made ${max} annotations, the most one account may keep: delete one first`,
  coloursNotEditable: (runId: string) => `Only members of the group of run ${runId} may change its cluster colours`,
  coloursSaved: 'Cluster colours saved for the group of this run',
  /** A signed-in reader who may not write the run (a public run of another group): said instead of offering Save. */
  readOnlyForOthers: (group: string | null) =>
    group
      ? `The annotations of this run, shared by ${group}. Only members of ${group} may add or change them.`
      : 'The annotations of this run. Only administrators may add or change them.',
  readOnlyForLink: 'The annotations of this run, shared by its group. Sign in as a member of the group to change them.',
} as const;
