/**
 * The cell outlines of one window of a single-cell-resolution run as the server sends them to the explorer (issue 38,
 * `GET /api/v1/genes/cell_outlines`): which cells (their index in the run's cell order, the tixel order of the
 * plots), each one's ring (`offsets[k]` … `offsets[k + 1]` in `xy`, open: the renderer closes it) and the vertices
 * as float32 x, y in microns. Typed arrays that view the response's own buffer: nothing is parsed.
 *
 * Layout (little-endian): magic `ATLOUTW1`, uint32 cells, uint32 vertices, uint32 `overCap` (1 when the window
 * holds more vertices than one answer may: then no cell is sent), uint32 the vertices the window holds, then
 * uint32 cells[cells], uint32 offsets[cells + 1], float32 xy[2 × vertices].
 */
export const OUTLINE_WINDOW_MAGIC = 'ATLOUTW1';
const HEADER = 24;

export interface OutlineWindow {
  cells: Uint32Array;
  offsets: Uint32Array;
  xy: Float32Array;
  /** The window holds more vertices than one answer may: no outline was sent, the explorer keeps points. */
  overCap: boolean;
  /** How many vertices the window's cells have (sent or not). */
  windowVertices: number;
}

export function encodeOutlineWindow(w: OutlineWindow): Uint8Array {
  const n = w.cells.length;
  const v = w.xy.length / 2;
  const bytes = new Uint8Array(HEADER + 4 * n + 4 * (n + 1) + 8 * v);
  bytes.set(new TextEncoder().encode(OUTLINE_WINDOW_MAGIC), 0);
  const view = new DataView(bytes.buffer);
  [n, v, w.overCap ? 1 : 0, w.windowVertices].forEach((value, i) => view.setUint32(8 + 4 * i, value, true));
  // Typed arrays are little-endian on every platform Node and browsers run on.
  const asBytes = (a: Uint32Array | Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  bytes.set(asBytes(w.cells), HEADER);
  bytes.set(asBytes(w.offsets), HEADER + 4 * n);
  bytes.set(asBytes(w.xy), HEADER + 4 * (2 * n + 1));
  return bytes;
}

export function decodeOutlineWindow(buffer: ArrayBuffer): OutlineWindow {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < HEADER || new TextDecoder().decode(bytes.subarray(0, 8)) !== OUTLINE_WINDOW_MAGIC)
    throw new Error(`not a cell outline window (${OUTLINE_WINDOW_MAGIC})`);
  const view = new DataView(buffer);
  const [n, v, overCap, windowVertices] = [0, 1, 2, 3].map((i) => view.getUint32(8 + 4 * i, true)) as [
    number,
    number,
    number,
    number,
  ];
  if (bytes.length !== HEADER + 4 * (2 * n + 1) + 8 * v) throw new Error('a cell outline window of the wrong length');
  return {
    cells: new Uint32Array(buffer, HEADER, n),
    offsets: new Uint32Array(buffer, HEADER + 4 * n, n + 1),
    xy: new Float32Array(buffer, HEADER + 4 * (2 * n + 1), 2 * v),
    overCap: overCap === 1,
    windowVertices,
  };
}
