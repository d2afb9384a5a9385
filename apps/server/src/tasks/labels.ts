import type { Config } from '../config.js';
import { runOfKey, type Target } from '../domains/runs/index.js';
import type { TaskLabels, TaskRequest } from '../infra/queue/port.js';
import type { TaskRegistry } from './registry.js';

const runOf = (target: Target) => ('run' in target ? target.run : runOfKey(target.key));

/**
 * What Job Managment shows of a task (spec 03 §2.10): the description and run id its kwargs give, otherwise its
 * definition's description and the first run it writes or reads (from `touches`), so that every kind of task, the
 * explorer's included, names both.
 */
export function taskLabels(registry: Pick<TaskRegistry, 'get'>, request: TaskRequest, config: Config): TaskLabels {
  const given = (key: string) => {
    const value = request.kwargs[key];
    return typeof value === 'string' && value ? value : null;
  };
  const definition = registry.get(request.task);
  let runId = given('run_id') ?? request.publicLink?.runId ?? null;
  if (!runId && definition) {
    try {
      const touches = definition.touches(definition.parse(request.args, request.kwargs), config);
      runId = [...(touches.write ?? []), ...(touches.read ?? [])].map(runOf).find((run) => run !== null) ?? null;
    } catch {
      // Arguments were checked when the task was posted; a seed or import that bypasses parsing has no run label.
    }
  }
  return { description: given('description') ?? definition?.description ?? null, runId };
}
