/// <reference lib="webworker" />
/**
 * Selection worker: keeps each point set with its grid index (built on the first lasso over it) and answers
 * polygon queries with the selected indices, transferring the result buffer back.
 */
import { buildGrid, selectInPolygon, type GridIndex } from '../selection/selectInPolygon';
import type { SelectionRequest, SelectionResponse } from './selection-protocol';

const sets = new Map<number, { positions: Float32Array; grid?: GridIndex }>();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<SelectionRequest>) => {
  const msg = event.data;
  if (msg.type === 'points') {
    sets.set(msg.key, { positions: msg.positions });
  } else if (msg.type === 'forget') {
    sets.delete(msg.key);
  } else {
    const t = performance.now();
    const set = sets.get(msg.key);
    if (!set) {
      scope.postMessage({
        type: 'error',
        id: msg.id,
        message: `Unknown point set ${msg.key}`,
      } satisfies SelectionResponse);
      return;
    }
    set.grid ??= buildGrid(set.positions);
    const indices = selectInPolygon(set.positions, msg.polygon, set.grid);
    const reply: SelectionResponse = { type: 'selected', id: msg.id, indices, ms: performance.now() - t };
    scope.postMessage(reply, [indices.buffer]);
  }
};
