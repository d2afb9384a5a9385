import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../analysis/random.js';
import { readH5ad } from '../io/h5ad-reader.js';
import { hasSharedData, sharedData } from '../testing.js';
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

describe('computeCellTypes with clusters too small to test', () => {
  const { matrix, clusters } = fixture();
  const markers = parseMarkerCsv('T cells,Cd3e\nB cells,Ms4a1\nAstrocytes,Gfap\n');

  it('leaves a one-spot cluster with extreme values out instead of making every cluster Undefined', () => {
    // One spot of C10 becomes its own cluster 'X' with the highest value of every marker: before, it won every
    // best-vs-runner-up comparison, the trimmed test could not run and no cluster got a label.
    const data = Float32Array.from(matrix.data);
    for (let j = 0; j < features.length; j++) data[j] = 100;
    const withSingleton = clusters.map((c, i) => (i === 0 ? 'X' : c));
    const result = computeCellTypes({
      matrix: { ...matrix, data },
      clusters: withSingleton,
      featureNames: features,
      markers,
    });
    expect(result.cellTypes).toEqual({ C1: ['T cells'], C2: ['B cells'], C10: ['Undefined'], X: ['Undefined'] });
    expect(result.skipped).toEqual([{ cluster: 'X', nObs: 1 }]);
    expect(result.reasons.X).toBe("too small to test (1 spot; Yuen's trimmed test needs at least 2)");
    expect(result.reasons.C10).toBe('no marker gene is highest in this cluster');
    expect(result.tests.every((t) => t.best !== 'X' && t.runnerUp !== 'X')).toBe(true);
  });

  it('says why a cluster that wins a marker stays Undefined, and when no marker is in the run', () => {
    const result = computeCellTypes({ matrix, clusters, featureNames: features, markers });
    // Gfap is equally high in C1 and C2 (level 3): C1 wins it by noise, without t > 2; C1 still gets T cells.
    expect(result.reasons.C1).toBeUndefined();
    const none = computeCellTypes({
      matrix,
      clusters,
      featureNames: features,
      markers: parseMarkerCsv('Ghost,Notagene\n'),
    });
    expect(none.reasons).toEqual({
      C1: 'none of the marker genes is in this run',
      C2: 'none of the marker genes is in this run',
      C10: 'none of the marker genes is in this run',
    });
    const onlyGfap = computeCellTypes({
      matrix,
      clusters,
      featureNames: features,
      markers: parseMarkerCsv('A,Gfap\n'),
    });
    const winner = onlyGfap.tests[0]!.best;
    expect(onlyGfap.reasons[winner]).toMatch(
      /^highest for Gfap \(t = -?\d+\.\d\d vs C\d+\), but not above the runner-up by t > 2$/,
    );
  });
});

describe.skipIf(!hasSharedData('visium-squidpy-tests'))('computeCellTypes on a real run', () => {
  it('test_data.h5ad leiden (three one-spot clusters): the large clusters get their labels, the small are skipped', async () => {
    const adata = await readH5ad(sharedData('visium-squidpy-tests/test_data.h5ad'));
    const leiden = adata.obs.leiden!;
    if (leiden.kind !== 'categorical') throw new Error('leiden should be categorical');
    const clusters = Array.from(leiden.codes, (c) => leiden.categories[c]!);
    // Plk2 and mt-Nd4 are the top t-test genes of clusters 0 and 2 (cluster-ranking.test.ts).
    const result = computeCellTypes({
      matrix: adata.X,
      clusters,
      featureNames: adata.varNames,
      markers: parseMarkerCsv('Neurons,Plk2\nOligodendrocytes,mt-Nd4\n'),
    });
    // Before, a one-spot cluster had the highest Plk2 mean, the test could not run and cluster 0 stayed 'Undefined'.
    expect(result.cellTypes).toEqual({
      '0': ['Neurons'],
      '2': ['Oligodendrocytes'],
      '6': ['Undefined'],
      '7': ['Undefined'],
      '9': ['Undefined'],
    });
    expect(result.skipped).toEqual([
      { cluster: '6', nObs: 1 },
      { cluster: '7', nObs: 1 },
      { cluster: '9', nObs: 1 },
    ]);
    expect(result.reasons['6']).toBe("too small to test (1 spot; Yuen's trimmed test needs at least 2)");
  });
});
