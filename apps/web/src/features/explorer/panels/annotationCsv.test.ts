import { describe, expect, it } from 'vitest';
import type { RunData } from '../data/runData';
import { annotationCsv } from './annotationCsv';

const data: RunData = {
  hasSpatial: true,
  runId: 'D90001',
  n: 3,
  spatial: Float32Array.of(0, 0, 1, 0, 2, 0.5),
  umap: Float32Array.of(0.25, 1, 2, 3, 4, 5),
  clusterCodes: Float32Array.of(0, 1, 1),
  clusterNames: ['C1', 'C,2'],
  clusterCounts: [1, 2],
  cellTypes: null,
};

describe('annotationCsv', () => {
  it('writes one row per tixel with position, UMAP and cluster, quoting commas and quotes', () => {
    expect(annotationCsv({ run_id: 'D90001', name: 'Cortex "L1"', tixels: [0, 2, 7] }, data)).toBe(
      [
        'run_id,annotation,tixel,x,y,umap_1,umap_2,cluster',
        'D90001,"Cortex ""L1""",0,0,0,0.25,1,C1',
        'D90001,"Cortex ""L1""",2,2,0.5,4,5,"C,2"',
        '',
      ].join('\n'),
    );
  });
});
