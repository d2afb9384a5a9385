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
  md5Mismatch: (file: string, expected: string, actual: string) =>
    `${file}: MD5 ${actual} does not match the batch's MD5 list (${expected}); nothing was stored`,
  sizeMismatch: (file: string, expected: number, actual: number) =>
    `${file}: received ${actual} bytes, expected ${expected}; nothing was stored`,
  ftpFailed: (problem: string) => `FTP: ${problem}`,
  basespaceNoToken: 'BaseSpace is not configured: set BASESPACE_TOKEN',
  basespaceFailed: (status: number, path: string) => `BaseSpace answered ${status} for ${path}`,
  basespaceForeignHref: (href: string) => `${href} is not a file of the configured BaseSpace`,
  taskNeedsRole: (task: string, role: string) => `Task '${task}' needs the ${role} role`,
};
