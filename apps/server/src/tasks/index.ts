import { checksum } from './core/checksum.js';
import { downloadFromBasespace } from './core/download-from-basespace.js';
import { downloadFromFtp } from './core/download-from-ftp.js';
import { listBasespaceDatasets } from './core/list-basespace-datasets.js';
import { listNovogeneBatch } from './core/list-novogene-batch.js';
import { taskList } from './core/task-list.js';
import { createTaskRegistry, type TaskDefinition } from './registry.js';
import { createFiles } from './webfile/create-files.js';
import { computeCellType } from './gene/compute-cell-type.js';
import { computeQc } from './gene/compute-qc.js';
import { rankClustersTask } from './gene/rank-clusters.js';
import { seqLogo } from './gene/seq-logo.js';
import { subcluster } from './gene/subcluster.js';
import { generateSpatial } from './atlasbrowser/generate-spatial.js';

/** Every task this server can run. */
export const allTasks: readonly TaskDefinition[] = [
  taskList,
  checksum,
  createFiles,
  computeQc,
  rankClustersTask,
  computeCellType,
  seqLogo,
  subcluster,
  listNovogeneBatch,
  downloadFromFtp,
  listBasespaceDatasets,
  downloadFromBasespace,
  generateSpatial,
];

/**
 * The registry of this process: the composition (main.ts, the import CLI, the test harness) hands it to
 * createInfra for the queue to run, and the app's routes check posted tasks against the same one.
 */
export const taskRegistry = createTaskRegistry(allTasks);
