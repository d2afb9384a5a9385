/// <reference lib="webworker" />
/**
 * Selection worker: keeps each point set with its grid index (built on the first lasso or hover over it) and answers
 * polygon queries with the selected indices, and grid requests with a copy of the index, transferring them back.
 */
import { buildGrid, selectInPolygon, type GridIndex } from '../selection/selectInPolygon';
import type { SelectionRequest, SelectionResponse } from './selection-protocol';

const sets = new Map<number, { positions: Float32Array; grid?: GridIndex }>();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<SelectionRequest>) => {
  const msg = event.data;
  if (msg.type === 'points') {
    sets.set(msg.key, { positions: msg.positions });
    return;
  }
  if (msg.type === 'forget') {
    sets.delete(msg.key);
    return;
  }
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
  if (msg.type === 'grid') {
    // A copy: the worker keeps its own for the lassos to come.
    const grid = { ...set.grid, cellStart: set.grid.cellStart.slice(), items: set.grid.items.slice() };
    const reply: SelectionResponse = { type: 'grid', id: msg.id, grid, ms: performance.now() - t };
    scope.postMessage(reply, [grid.cellStart.buffer, grid.items.buffer]);
    return;
  }
  const indices = selectInPolygon(set.positions, msg.polygon, set.grid);
  const reply: SelectionResponse = { type: 'selected', id: msg.id, indices, ms: performance.now() - t };
  scope.postMessage(reply, [indices.buffer]);
};
