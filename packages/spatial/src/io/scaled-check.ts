/**
 * Import check for scaled expression (`sc.pp.scale`, z-scores): counts and log-normalised values are never
 * negative, scaled ones are. A file whose X is scaled needs raw.X (or a counts layer) for the explorer's values.
 * NOTE for the lead: the "science" work adds a fuller input detection (counts / normalised / scaled) to
 * packages/spatial; when it lands, the importer should call that and this helper can go.
 */
import type { Matrix } from '../matrix/types.js';

export function importMatrixLooksScaled(matrix: Matrix): boolean {
  const data = matrix.data;
  for (let i = 0; i < data.length; i++) if (data[i]! < 0) return true;
  return false;
}
