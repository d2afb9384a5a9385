/** Messages between the page and the selection worker. Positions are sent once per array and cached by key. */
import type { GridIndex } from '../selection/selectInPolygon';

export type SelectionRequest =
  | { type: 'points'; key: number; positions: Float32Array }
  | { type: 'select'; id: number; key: number; polygon: Float32Array }
  /** A copy of the point set's grid index, for the page's hover lookups. */
  | { type: 'grid'; id: number; key: number }
  | { type: 'forget'; key: number };

export type SelectionResponse =
  | { type: 'selected'; id: number; indices: Uint32Array; ms: number }
  | { type: 'grid'; id: number; grid: GridIndex; ms: number }
  | { type: 'error'; id: number; message: string };
