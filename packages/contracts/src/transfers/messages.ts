/** Texts of the transfer tools and the task runner (spec 03 §8 "Transfers and workers"; the rest are ours). */
export const TRANSFER_MSG = {
  batchError: 'Error in retrieving batch information',
  batchRetrieved: 'Batch information retrieved',
  taskInfoError: 'Error in retrieving task information',
  workersLoaded: 'Workers are loaded',
  workersRefreshed: 'Workers refreshed',
  workerFinished: 'Worker finished the job',
  fileExists: 'File already exists',
  noRunId: (name: string) => `${name} names no run id (D followed by 5 digits)`,
  /** The whole file was read, and its bytes are not the ones the batch lists. */
  md5Mismatch: (file: string, expected: string, actual: string) =>
    `${file}: checksum mismatch: expected ${expected} got ${actual} (the whole file was read); nothing was stored`,
  sizeMismatch: (file: string, expected: number, actual: number) =>
    `${file}: received ${actual} bytes, expected ${expected}; nothing was stored`,
  ftpFailed: (problem: string) => `FTP: ${problem}`,
  /** The file went from the FTP server while it was being read: what had arrived is removed at once. */
  ftpFileVanished: (file: string, received: number, size: number) =>
    `${file} is no longer on the FTP server: it vanished after ${received} of ${size} bytes ` +
    `(${percentOf(received, size)}%); the partial copy was removed, nothing was stored`,
  /** No byte came for a while, again and again after resuming: the server holds the file but does not send it. */
  ftpStalled: (file: string, seconds: number, received: number, size: number) =>
    `${file}: the FTP server sent nothing for ${seconds} s at ${received} of ${size} bytes ` +
    `(${percentOf(received, size)}%), even after resuming; try again later`,
  ftpBatchRootMissing: (root: string, parent: string, holds: readonly string[]) =>
    `FTP batch root ${root} was not found on the server; ${parent} holds ${listed(holds)}. ` +
    "Expected the batch's folder (e.g. /X202SC24011234-Z01-F001, holding 01.RawData)",
  ftpBatchRootEmpty: (root: string, holds: readonly string[]) =>
    `FTP batch root ${root} holds no sequencing files named with a run id (D followed by 5 digits); ` +
    `it holds ${listed(holds)}`,
  basespaceNoToken: 'BaseSpace is not configured: set BASESPACE_TOKEN',
  /** A listing call failed; `what` says which (the API's address is logged, not shown). */
  basespaceFailed: (status: number, what: string) => `BaseSpace answered ${status} ${basespaceMeaning(status)} ${what}`,
  /** A file's download failed: the file and its run, never the API's address (it is logged). */
  basespaceFileFailed: (status: number, file: string, runId: string | null) =>
    `${file}${runId ? ` (run ${runId})` : ''}: BaseSpace answered ${status} ${basespaceMeaning(status)} ` +
    'downloading it; nothing was stored',
  /** A file's connection kept failing (no answer, or dropped) through every resume. */
  basespaceFileUnreachable: (file: string, runId: string | null, received: number, size: number) =>
    `${file}${runId ? ` (run ${runId})` : ''}: the connection to BaseSpace failed at ${received} of ${size} bytes ` +
    `(${percentOf(received, size)}%), even after resuming; try again later`,
  basespaceForeignHref: (href: string) => `${href} is not a file of the configured BaseSpace`,
  taskNeedsRole: (task: string, role: string) => `Task '${task}' needs the ${role} role`,
};

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.floor((100 * part) / whole) : 0);

/** At most a few names of a folder, and how many more. */
function listed(names: readonly string[]): string {
  if (names.length === 0) return 'nothing';
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/** What a BaseSpace status means for the person who asked. */
function basespaceMeaning(status: number): string {
  if (status === 404) return '(not found)';
  if (status === 401 || status === 403) return '(access refused: check BASESPACE_TOKEN)';
  if (status >= 500) return '(BaseSpace is unavailable; try again later)';
  return '(unexpected answer)';
}
