import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../analysis/random.js';
import type { DenseMatrix } from '../matrix/types.js';
import { computeCellTypes } from './cell-types.js';
import { parseMarkerCsv } from './marker-csv.js';

const features = ['Cd3e', 'Ms4a1', 'Gfap', 'Lyz2'];
/** Per cluster (C1, C2, C10) the mean level of each feature; Gfap is equal in C1 and C2, so it cannot decide. */
const levels: Record<string, number[]> = { C1: [5, 0, 3, 4], C2: [0, 6, 3, 0], C10: [0, 0, 0, 0] };

function fixture(): { matrix: DenseMatrix; clusters: string[] } {
  const random = mulberry32(5);
  const clusters = ['C10', 'C1', 'C2'].flatMap((c) => Array.from({ length: 20 }, () => c));
  const data = new Float32Array(clusters.length * features.length);
  clusters.forEach((c, i) => levels[c]!.forEach((level, j) => (data[i * features.length + j] = level + random())));
  return { matrix: { kind: 'dense', nRows: clusters.length, nCols: features.length, data }, clusters };
}

describe('computeCellTypes', () => {
  const { matrix, clusters } = fixture();
  const markers = parseMarkerCsv(
    'T cells,cd3e,Lyz2\nB cells,Ms4a1;,x\nAstrocytes,GFAP!\nMyeloid,Lyz2\nGhost,Notagene\n',
  );
  const result = computeCellTypes({ matrix, clusters, featureNames: features, markers });

  it('assigns labels to the winning cluster, accumulating, and Undefined elsewhere', () => {
    expect(result.cellTypes).toEqual({ C1: ['T cells', 'Myeloid'], C2: ['B cells'], C10: ['Undefined'] });
    expect(Object.keys(result.cellTypes)).toEqual(['C1', 'C2', 'C10']);
    expect(result.perObservation[0]).toBe('Undefined');
    expect(result.perObservation[20]).toBe('T cells / Myeloid');
    expect(result.perObservation[40]).toBe('B cells');
  });

  it('reports each test and the unknown markers', () => {
    expect(result.unknownMarkers).toEqual(['Notagene']);
    const gfap = result.tests.find((t) => t.marker === 'Gfap')!;
    expect(gfap.assigned).toBe(false);
    expect(Math.abs(gfap.t)).toBeLessThan(2);
    const cd3e = result.tests.find((t) => t.marker === 'Cd3e')!;
    expect(cd3e).toMatchObject({ best: 'C1', assigned: true });
    expect(cd3e.t).toBeGreaterThan(2);
  });

  it('leaves every cluster Undefined with a single cluster, and rejects an empty marker list', () => {
    const one = computeCellTypes({ matrix, clusters: clusters.map(() => 'C1'), featureNames: features, markers });
    expect(one.cellTypes).toEqual({ C1: ['Undefined'] });
    expect(() => computeCellTypes({ matrix, clusters, featureNames: features, markers: new Map() })).toThrow(
      'the marker list is empty: nothing to assign',
    );
  });
});
