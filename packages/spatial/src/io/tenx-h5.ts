/**
 * 10x Genomics HDF5 feature-barcode matrices (Cell Ranger / Space Ranger `*_feature_bc_matrix.h5`):
 * - layout v3 (Cell Ranger ≥ 3, Space Ranger; the root `version` attribute then says 2):
 *   `/matrix/{data, indices, indptr, shape, barcodes, features/{id, name, feature_type}}`;
 * - layout v2 (Cell Ranger 2): one group per genome, `/<genome>/{data, indices, indptr, shape, barcodes,
 *   genes, gene_names}`.
 * Both store features × barcodes column-compressed by barcode (`shape` = [features, barcodes], indptr per
 * barcode, indices = feature rows). Read the other way round that is exactly CSR over barcodes, so the result
 * is cells × features (AnnData orientation) with no transposition and no copy of the structure.
 */
import type { CsrMatrix } from '../matrix/types.js';
import { checkCompressed } from '../matrix/validate.js';
import { SpatialFormatError } from './errors.js';
import { child, isDataset, isGroup, readFloat32, readFloat64, readInt32, readStrings, withHdf5, type Group } from './hdf5.js';

export interface TenxMatrix {
  layout: 'v2' | 'v3';
  /** Observations (barcodes) × features. */
  X: CsrMatrix;
  barcodes: string[];
  featureIds: string[];
  featureNames: string[];
  /** 'Gene Expression', 'Antibody Capture', …; v2 files only hold genes. */
  featureTypes: string[];
  /** The genome group read (v2 only). */
  genome?: string;
}

export interface ReadTenxOptions {
  /** v2 files with several genomes: which genome group to read. */
  genome?: string;
  /** Name used in error messages when the source is bytes. */
  name?: string;
}

const V2_KEYS = ['data', 'indices', 'indptr', 'shape', 'barcodes', 'genes', 'gene_names'];

export function readTenxH5(source: string | Uint8Array, options: ReadTenxOptions = {}): Promise<TenxMatrix> {
  return withHdf5(source, options.name, (file, name) => {
    const dataset = (group: Group, key: string, where: string) => {
      const ds = child(group, key);
      if (!isDataset(ds)) throw new SpatialFormatError(name, `${where}/${key} is missing`);
      return ds;
    };
    const strings = (group: Group, key: string, where: string) => readStrings(dataset(group, key, where), `${where}/${key}`, name);

    const matrix = child(file, 'matrix');
    if (isGroup(matrix) && isGroup(child(matrix, 'features'))) {
      const features = child(matrix, 'features') as Group;
      return {
        layout: 'v3',
        ...readMatrix(matrix, '/matrix', name, dataset, strings),
        featureIds: strings(features, 'id', '/matrix/features'),
        featureNames: strings(features, 'name', '/matrix/features'),
        featureTypes: strings(features, 'feature_type', '/matrix/features'),
      };
    }
    const genomes = file.keys().filter((key) => {
      const group = child(file, key);
      return isGroup(group) && V2_KEYS.every((k) => group.keys().includes(k));
    });
    if (genomes.length === 0) throw new SpatialFormatError(name, 'not a 10x matrix: no /matrix group and no v2 genome group');
    const genome = options.genome ?? (genomes.length === 1 ? genomes[0]! : undefined);
    if (!genome || !genomes.includes(genome)) {
      const listed = genomes.join(', ');
      throw new SpatialFormatError(name, `choose a genome: the file holds ${listed}${genome ? `, not ${genome}` : ''}`);
    }
    const group = child(file, genome) as Group;
    const where = `/${genome}`;
    const featureIds = strings(group, 'genes', where);
    return {
      layout: 'v2',
      genome,
      ...readMatrix(group, where, name, dataset, strings),
      featureIds,
      featureNames: strings(group, 'gene_names', where),
      featureTypes: featureIds.map(() => 'Gene Expression'),
    };
  }).then((result) => checkFeatures(result, options.name ?? (typeof source === 'string' ? source : '10x HDF5 bytes')));
}

function readMatrix(
  group: Group,
  where: string,
  file: string,
  dataset: (group: Group, key: string, where: string) => import('./hdf5.js').Dataset,
  strings: (group: Group, key: string, where: string) => string[],
): { X: CsrMatrix; barcodes: string[] } {
  const shape = readFloat64(dataset(group, 'shape', where), `${where}/shape`, file);
  if (shape.length !== 2) throw new SpatialFormatError(file, `${where}/shape should hold [features, barcodes]`);
  const [nFeatures, nBarcodes] = shape as unknown as [number, number];
  const X: CsrMatrix = {
    kind: 'csr',
    nRows: nBarcodes,
    nCols: nFeatures,
    indptr: readFloat64(dataset(group, 'indptr', where), `${where}/indptr`, file),
    indices: readInt32(dataset(group, 'indices', where), `${where}/indices`, file),
    data: readFloat32(dataset(group, 'data', where), `${where}/data`, file),
  };
  const problem = checkCompressed(X);
  if (problem) throw new SpatialFormatError(file, `${where} (${nFeatures} features × ${nBarcodes} barcodes, by barcode): ${problem}`);
  const barcodes = strings(group, 'barcodes', where);
  if (barcodes.length !== nBarcodes) {
    throw new SpatialFormatError(file, `${where}/barcodes has ${barcodes.length} entries but shape says ${nBarcodes} barcodes`);
  }
  return { X, barcodes };
}

function checkFeatures(result: TenxMatrix, file: string): TenxMatrix {
  for (const [what, list] of [
    ['feature ids', result.featureIds],
    ['feature names', result.featureNames],
    ['feature types', result.featureTypes],
  ] as const) {
    if (list.length !== result.X.nCols) {
      throw new SpatialFormatError(file, `${list.length} ${what} but the matrix has ${result.X.nCols} features`);
    }
  }
  return result;
}
