import { checksum } from './core/checksum.js';
import { taskList } from './core/task-list.js';
import type { TaskDefinition } from './registry.js';

/** Every task this server can run; the queue drivers build their registry from it. */
export const allTasks: readonly TaskDefinition[] = [taskList, checksum];
