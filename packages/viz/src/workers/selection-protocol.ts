/** Messages between the page and the selection worker. Positions are sent once per array and cached by key. */
export type SelectionRequest =
  | { type: 'points'; key: number; positions: Float32Array }
  | { type: 'select'; id: number; key: number; polygon: Float32Array }
  | { type: 'forget'; key: number };

export type SelectionResponse =
  { type: 'selected'; id: number; indices: Uint32Array; ms: number } | { type: 'error'; id: number; message: string };
