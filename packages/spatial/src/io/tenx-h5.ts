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
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import { checkCompressed } from '../matrix/validate.js';
import { checkSparseParts } from './h5ad-matrix.js';
import { SpatialFormatError } from './errors.js';
import {
  budgetOf,
  child,
  isDataset,
  isGroup,
  readFloat32,
  readFloat64,
  readInt32,
  readStrings,
  withHdf5,
  type Dataset,
  type Group,
} from './hdf5.js';

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
  /**
   * Space Ranger ≥ 2 probe-level matrices (`raw_probe_bc_matrix.h5`, FFPE probe sets): features are probes, and
   * `features/gene_id`, `gene_name` and `filtered_probes` (whether Space Ranger kept the probe) say which gene
   * each belongs to. Summed into genes by probesToGenes (probe-matrix.ts).
   */
  probes?: { geneIds: string[]; geneNames: string[]; kept: Uint8Array | null };
}

export interface ReadTenxOptions {
  /** v2 files with several genomes: which genome group to read. */
  genome?: string;
  /** Name used in error messages when the source is bytes. */
  name?: string;
  /** An import's limits: the declared shape and every dataset read are checked against them first. */
  limits?: TImportLimits;
}

const V2_KEYS = ['data', 'indices', 'indptr', 'shape', 'barcodes', 'genes', 'gene_names'];

function dataset(group: Group, key: string, where: string, file: string): Dataset {
  const ds = child(group, key);
  if (!isDataset(ds)) throw new SpatialFormatError(file, `${where}/${key} is missing`);
  return ds;
}

function strings(group: Group, key: string, where: string, file: string): string[] {
  return readStrings(dataset(group, key, where, file), `${where}/${key}`, file);
}

export function readTenxH5(source: string | Uint8Array, options: ReadTenxOptions = {}): Promise<TenxMatrix> {
  return withHdf5(
    source,
    options.name,
    (file, name) => {
      const matrix = child(file, 'matrix');
      const features = isGroup(matrix) ? child(matrix, 'features') : undefined;
      if (isGroup(matrix) && isGroup(features)) {
        const where = '/matrix/features';
        const result = checkFeatures(name, {
          layout: 'v3',
          ...readMatrix(matrix, '/matrix', name),
          featureIds: strings(features, 'id', where, name),
          featureNames: strings(features, 'name', where, name),
          featureTypes: strings(features, 'feature_type', where, name),
        });
        if (isDataset(child(features, 'gene_id'))) {
          const geneIds = strings(features, 'gene_id', where, name);
          const geneNames = isDataset(child(features, 'gene_name'))
            ? strings(features, 'gene_name', where, name)
            : geneIds;
          const keptDs = child(features, 'filtered_probes');
          const kept = isDataset(keptDs) ? Uint8Array.from(readInt32(keptDs, `${where}/filtered_probes`, name)) : null;
          if (
            geneIds.length !== result.X.nCols ||
            geneNames.length !== result.X.nCols ||
            (kept && kept.length !== result.X.nCols)
          )
            throw new SpatialFormatError(
              name,
              `${where}: gene_id, gene_name and filtered_probes must have one entry per probe`,
            );
          result.probes = { geneIds, geneNames, kept };
        }
        return result;
      }
      const genomes = file.keys().filter((key) => {
        const group = child(file, key);
        return isGroup(group) && V2_KEYS.every((k) => group.keys().includes(k));
      });
      if (genomes.length === 0)
        throw new SpatialFormatError(name, 'not a 10x matrix: no /matrix group and no v2 genome group');
      const genome = options.genome ?? (genomes.length === 1 ? genomes[0] : undefined);
      const group = genome === undefined ? undefined : child(file, genome);
      if (!genome || !isGroup(group) || !genomes.includes(genome)) {
        const asked = genome ? `; there is no genome '${genome}'` : '';
        throw new SpatialFormatError(name, `choose a genome: the file holds ${genomes.join(', ')}${asked}`);
      }
      const where = `/${genome}`;
      const featureIds = strings(group, 'genes', where, name);
      return checkFeatures(name, {
        layout: 'v2',
        genome,
        ...readMatrix(group, where, name),
        featureIds,
        featureNames: strings(group, 'gene_names', where, name),
        featureTypes: featureIds.map(() => 'Gene Expression'),
      });
    },
    options.limits,
  );
}

function readMatrix(group: Group, where: string, file: string): { X: CsrMatrix; barcodes: string[] } {
  const shape = readFloat64(dataset(group, 'shape', where, file), `${where}/shape`, file);
  if (shape.length !== 2) throw new SpatialFormatError(file, `${where}/shape should hold [features, barcodes]`);
  const [nFeatures, nBarcodes] = shape as unknown as [number, number];
  budgetOf(group)?.checkShape(`${where}/shape`, nBarcodes, nFeatures);
  checkSparseParts(where, file, (key) => dataset(group, key, where, file), nBarcodes, nBarcodes * nFeatures);
  const X: CsrMatrix = {
    kind: 'csr',
    nRows: nBarcodes,
    nCols: nFeatures,
    indptr: readFloat64(dataset(group, 'indptr', where, file), `${where}/indptr`, file),
    indices: readInt32(dataset(group, 'indices', where, file), `${where}/indices`, file),
    data: readFloat32(dataset(group, 'data', where, file), `${where}/data`, file),
  };
  const problem = checkCompressed(X);
  if (problem)
    throw new SpatialFormatError(
      file,
      `${where} (${nFeatures} features × ${nBarcodes} barcodes, by barcode): ${problem}`,
    );
  const barcodes = strings(group, 'barcodes', where, file);
  if (barcodes.length !== nBarcodes) {
    throw new SpatialFormatError(
      file,
      `${where}/barcodes has ${barcodes.length} entries but shape says ${nBarcodes} barcodes`,
    );
  }
  return { X, barcodes };
}

function checkFeatures(file: string, result: TenxMatrix): TenxMatrix {
  const lists = {
    'feature ids': result.featureIds,
    'feature names': result.featureNames,
    'feature types': result.featureTypes,
  };
  for (const [what, list] of Object.entries(lists)) {
    if (list.length !== result.X.nCols) {
      throw new SpatialFormatError(file, `${list.length} ${what} but the matrix has ${result.X.nCols} features`);
    }
  }
  return result;
}

/**
 * What an HDF5 file holds, from its top-level layout only (no values read): a 10x matrix (v3 `/matrix` group or a
 * v2 genome group), an AnnData (X or obs at the root), or neither. `.h5` is used for both, so the name cannot tell.
 */
export function hdf5Layout(source: string | Uint8Array, name?: string): Promise<'tenx' | 'anndata' | 'unknown'> {
  return withHdf5(source, name, (file) => {
    const keys = file.keys();
    if (keys.includes('X') || keys.includes('obs')) return 'anndata';
    const matrix = child(file, 'matrix');
    if (isGroup(matrix) && isGroup(child(matrix, 'features'))) return 'tenx';
    const v2 = keys.some((key) => {
      const group = child(file, key);
      return isGroup(group) && V2_KEYS.every((k) => group.keys().includes(k));
    });
    return v2 ? 'tenx' : 'unknown';
  });
}
