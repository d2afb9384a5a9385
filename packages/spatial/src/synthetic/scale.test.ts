import { expect, it } from 'vitest';
import { generateRun } from './generate.js';

// 1,000,000 tixels with few features takes ~2 s here; it guards against anything dense or quadratic creeping in.
it('generates 1,000,000 tixels × 20 features', () => {
  const run = generateRun({ seed: 5, tixels: 1_000_000, features: 20, assay: 'rna' });
  expect(run.obsNames.length).toBe(1_000_000);
  expect(run.X.indptr[1_000_000]).toBe(run.X.data.length);
  expect(run.X.data.length / 20e6).toBeGreaterThan(0.08);
  expect(run.X.data.length / 20e6).toBeLessThan(0.12);
}, 30_000);
