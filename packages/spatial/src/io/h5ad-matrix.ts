/**
 * An AnnData matrix element (X, raw/X): a 2-D dataset (dense) or a sparse group, marked either by the current
 * `encoding-type` = csr_matrix/csc_matrix + `shape` attributes or by anndata 0.6's `h5sparse_format` = csr/csc +
 * `h5sparse_shape`. The shape is known without reading any values, so metadata-only reads stay cheap.
 */
import type { Matrix } from '../matrix/types.js';
import { checkCompressed } from '../matrix/validate.js';
import { SpatialFormatError } from './errors.js';
import {
  asFloat64,
  attrString,
  attrValue,
  child,
  isDataset,
  isGroup,
  readFloat32,
  readFloat64,
  readInt32,
  type Dataset,
  type Entity,
} from './hdf5.js';

export type MatrixLayout = Matrix['kind'];

export interface MatrixElement {
  layout: MatrixLayout;
  nRows: number;
  nCols: number;
  read(): Matrix;
}

/**
 * A compressed matrix's parts, from their declared lengths and before any is read: indptr holds one entry per major
 * row plus one, and there are no more values (and as many indices) than the matrix has cells. Shared with the 10x
 * reader; a few-kilobyte file declaring 500 million values is refused here.
 */
export function checkSparseParts(
  where: string,
  file: string,
  part: (key: string) => Dataset,
  major: number,
  cells: number,
): void {
  const length = (key: string) => part(key).shape?.[0] ?? 0;
  const [indptr, indices, data] = [length('indptr'), length('indices'), length('data')];
  if (indptr !== major + 1)
    throw new SpatialFormatError(file, `${where}/indptr declares ${indptr} entries; the shape needs ${major + 1}`);
  if (data > cells || indices !== data)
    throw new SpatialFormatError(file, `${where} declares ${data} values and ${indices} indices for ${cells} cells`);
}

export function matrixElement(entity: Entity, where: string, file: string): MatrixElement {
  if (isDataset(entity)) {
    const shape = entity.shape ?? [];
    if (shape.length !== 2)
      throw new SpatialFormatError(file, `${where} should be 2-D but has shape [${shape.join(', ')}]`);
    const [nRows, nCols] = shape as [number, number];
    return {
      layout: 'dense',
      nRows,
      nCols,
      read: () => ({ kind: 'dense', nRows, nCols, data: readFloat32(entity, where, file) }),
    };
  }
  if (!isGroup(entity)) throw new SpatialFormatError(file, `${where} is neither a dataset nor a group`);
  const encoding = attrString(entity, 'encoding-type');
  const legacy = attrString(entity, 'h5sparse_format');
  const layout: 'csr' | 'csc' | undefined =
    encoding === 'csr_matrix' || legacy === 'csr'
      ? 'csr'
      : encoding === 'csc_matrix' || legacy === 'csc'
        ? 'csc'
        : undefined;
  if (!layout) {
    throw new SpatialFormatError(
      file,
      `${where} is a group but not a sparse matrix (encoding '${encoding ?? legacy ?? 'none'}')`,
    );
  }
  const shape = asFloat64(attrValue(entity, 'shape') ?? attrValue(entity, 'h5sparse_shape'));
  if (!shape || shape.length !== 2) throw new SpatialFormatError(file, `${where} has no 2-element shape attribute`);
  const [nRows, nCols] = shape as unknown as [number, number];
  const part = (key: string) => {
    const ds = child(entity, key);
    if (!isDataset(ds)) throw new SpatialFormatError(file, `${where} is missing its '${key}' dataset`);
    return ds;
  };
  return {
    layout,
    nRows,
    nCols,
    read: () => {
      checkSparseParts(where, file, part, layout === 'csr' ? nRows : nCols, nRows * nCols);
      const m = {
        kind: layout,
        nRows,
        nCols,
        indptr: readFloat64(part('indptr'), `${where}/indptr`, file),
        indices: readInt32(part('indices'), `${where}/indices`, file),
        data: readFloat32(part('data'), `${where}/data`, file),
      };
      const problem = checkCompressed(m);
      if (problem) throw new SpatialFormatError(file, `${where} (${layout}, ${nRows} × ${nCols}): ${problem}`);
      return m;
    },
  };
}
