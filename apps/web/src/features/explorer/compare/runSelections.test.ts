import { describe, expect, it } from 'vitest';
import { runSelections } from './runSelections';

// Two runs on a 3×3 grid of tixels at 0..2; run B has no cluster C2.
const grid = new Float32Array([0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1, 0, 2, 1, 2, 2, 2]);
const A = {
  n: 9,
  spatial: grid,
  clusterNames: ['C1', 'C2'],
  clusterCodes: new Float32Array([0, 1, 0, 1, 0, 1, 0, 1, 0]),
};
const B = { n: 9, spatial: grid, clusterNames: ['C1'], clusterCodes: new Float32Array(9) };
const square = new Float32Array([-0.5, -0.5, 1.5, -0.5, 1.5, 1.5, -0.5, 1.5]);

describe('runSelections', () => {
  it('selects each run’s tixels of the chosen clusters, and says when a run has none', () => {
    const [a, b] = runSelections(['A', 'B'], [A, B], 'clusters', ['C2'], {});
    expect(a).toEqual({ tixels: [1, 3, 5, 7] });
    expect(b).toEqual({ note: 'B has none of these clusters' });
    expect(runSelections(['A'], [A], 'clusters', [], {})[0]).toEqual({ note: 'Choose one or more clusters' });
  });

  it('selects the tixels inside each run’s own lasso', () => {
    const far = new Float32Array([10, 10, 11, 10, 11, 11]);
    const [a, b] = runSelections(['A', 'B'], [A, B], 'lasso', [], { A: square, B: far });
    expect(a).toEqual({ tixels: [0, 1, 3, 4] });
    expect(b).toEqual({ note: 'The lasso over B caught no tixel' });
    expect(runSelections(['A', 'B'], [A, B], 'lasso', [], { A: square })[1]).toEqual({ note: 'No lasso drawn over B' });
  });

  it('waits for a run that is still loading', () => {
    expect(runSelections(['A', 'B'], [A, undefined], 'lasso', [], { A: square })[1]).toBeNull();
  });
});
