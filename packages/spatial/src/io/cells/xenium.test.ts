import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts/genes/import-limits';
import { SHARED_DATA } from '../../testing.js';
import { SpatialFormatError, SpatialLimitError } from '../errors.js';
import { folderVariant } from './folder-variant.js';
import { cellFolderFromDir, type CellFolder } from './source.js';
import { isXeniumFolder, readXenium } from './xenium.js';

/**
 * The Xenium reader on the real public pieces of ../shared/data/xenium (see its README): `spatialexperimentio-
 * Xenium_small` has all seven file kinds for 6 cells, but its HDF5 matrix holds MADE-UP counts (a copy of the
 * indices, float64) and its cells.csv.gz is from ANOTHER release of the run than cells.parquet. So the tests check
 * structure (ids, shapes, which table gives the centroids, outlines, metadata), never expression values; the
 * MoleculeExperiment mouse-brain samples (real XOA 1.0.2, no matrix) check the counts built from the transcripts.
 */
const SMALL = path.join(SHARED_DATA, 'xenium/spatialexperimentio-Xenium_small');
const MOUSE = path.join(SHARED_DATA, 'xenium/moleculeexperiment-xenium_V1_FF_Mouse_Brain/sample1');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xenium-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const variant = (name: string, drop: string[], replace: Record<string, string> = {}) =>
  folderVariant(SMALL, tmp, name, drop, replace);

describe.skipIf(!fs.existsSync(SMALL))('readXenium', () => {
  it('Xenium_small: 6 cells × 4 genes, ids matched to cells.parquet, centroids from the parquet (not the csv.gz)', async () => {
    const folder = await cellFolderFromDir(SMALL);
    expect(isXeniumFolder(folder.names)).toBe(true);
    const run = await readXenium(folder, { limits: IMPORT_LIMITS });
    expect(run.cellIds).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(run.genes).toEqual(['ABCC11', 'ACTA2', 'ACTG2', 'ADAM9']);
    expect([run.X.nRows, run.X.nCols]).toEqual([6, 4]);
    // README: cell 1 at (847.26, 326.19) µm in cells.parquet; the csv.gz of the other release says (1898.81, 2540.96).
    expect(run.xy[0]).toBeCloseTo(847.26, 2);
    expect(run.xy[1]).toBeCloseTo(326.19, 2);
    expect(run.metadata.coordinates).toMatch(/^cells\.parquet/);
    expect(Object.keys(run.obs)).toEqual(expect.arrayContaining(['cell_area', 'nucleus_area', 'total_counts']));
    expect(run.obs.total_counts![0]).toBe(29);
  });

  it('Xenium_small: experiment.xenium gives the pixel size and run metadata', async () => {
    const run = await readXenium(await cellFolderFromDir(SMALL));
    expect(run.metadata).toMatchObject({
      platform: 'Xenium',
      pixel_size_um: 0.2125,
      analysis_sw_version: 'Xenium-1.0.1',
      panel_name: 'Breast Cancer Tumor Microenvironment',
    });
  });

  it('Xenium_small: cell and nucleus boundaries → one open ring of 12 vertices per cell (13 rows, first repeated)', async () => {
    const run = await readXenium(await cellFolderFromDir(SMALL));
    for (const outlines of [run.outlines!, run.nucleusOutlines!]) {
      expect(outlines.offsets.length).toBe(7);
      expect([...outlines.offsets]).toEqual([0, 12, 24, 36, 48, 60, 72]);
      expect(outlines.xy.length).toBe(144);
    }
    // The outline of cell 1 lies around its centroid (within 20 µm).
    const xs = Array.from({ length: 12 }, (_, k) => run.outlines!.xy[2 * k]!);
    expect(Math.abs(xs.reduce((a, b) => a + b) / 12 - run.xy[0]!)).toBeLessThan(20);
  });

  it('cells.csv.gz alone (R-written: row-number column, quoted header) gives the other release’s centroids', async () => {
    const run = await readXenium(await cellFolderFromDir(variant('csv', ['cells.parquet'])));
    expect(run.xy[0]).toBeCloseTo(1898.81, 2);
    expect(run.metadata.coordinates).toMatch(/^cells\.csv\.gz/);
  });

  const refusals: [string, () => Promise<CellFolder>, RegExp][] = [
    [
      'no matrix and no transcripts',
      async () => cellFolderFromDir(variant('nomatrix', ['cell_feature_matrix.h5', 'transcripts.parquet'])),
      /no cell_feature_matrix\.h5 or cell_feature_matrix\//,
    ],
    [
      'no cells table',
      async () => cellFolderFromDir(variant('nocells', ['cells.parquet', 'cells.csv.gz'])),
      /no cells\.parquet or cells\.csv\.gz/,
    ],
    [
      'cells table ids that do not match the matrix',
      async () => {
        const csv = '"","cell_id","x_centroid","y_centroid"\n"1",11,1,2\n"2",12,3,4\n';
        return cellFolderFromDir(variant('ids', ['cells.parquet', 'cells.csv.gz'], { 'cells.csv': csv }));
      },
      /cell_feature_matrix\.h5: 6 of its 6 cells have no row in .*cells\.csv \(e\.g\. cell 1\)/,
    ],
    [
      'a centroid that is not a number',
      async () => {
        const rows = ['1', '2', '3', '4', '5', '6'].map((id) => `${id},${id === '3' ? 'n/a' : 1},2`).join('\n');
        return cellFolderFromDir(
          variant('nan', ['cells.parquet', 'cells.csv.gz'], {
            'cells.csv': `cell_id,x_centroid,y_centroid\n${rows}\n`,
          }),
        );
      },
      /line 4: x_centroid 'n\/a' is not a number/,
    ],
    [
      'an experiment.xenium that is not JSON',
      async () => cellFolderFromDir(variant('json', [], { 'experiment.xenium': '{' })),
      /experiment\.xenium: not valid JSON/,
    ],
  ];
  for (const [what, make, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const error = await readXenium(await make(), { limits: IMPORT_LIMITS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpatialFormatError);
      expect((error as Error).message).toMatch(message);
    });
  }

  it('refuses a matrix that declares more cells than the limits allow, before reading it', async () => {
    const error = await readXenium(await cellFolderFromDir(SMALL), { limits: { ...IMPORT_LIMITS, maxObs: 5 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toMatch(/declares 6 observations; at most 5/);
  });
});

/** XOA's rule, written out for the oracle: qv ≥ 20, assigned to a cell, not a control feature. */
function expectedCounts(csv: string): { cells: Map<string, Map<string, number>>; controls: number } {
  const [header, ...rows] = csv.trim().split('\n');
  const names = header!.split(',').map((h) => h.replaceAll('"', ''));
  const col = (row: string[], name: string) => row[names.indexOf(name)]!.replaceAll('"', '');
  const cells = new Map<string, Map<string, number>>();
  let controls = 0;
  for (const line of rows) {
    const row = line.split(',');
    if (Number(col(row, 'qv')) < 20) continue;
    const feature = col(row, 'feature_name');
    if (/^(NegControl|BLANK_)/.test(feature)) {
      controls++;
      continue;
    }
    const cell = cells.get(col(row, 'cell_id')) ?? new Map<string, number>();
    cell.set(feature, (cell.get(feature) ?? 0) + 1);
    cells.set(col(row, 'cell_id'), cell);
  }
  return { cells, controls };
}

describe.skipIf(!fs.existsSync(MOUSE))('readXenium without a matrix: counts from the transcripts', () => {
  it('mouse brain sample1: each cell counts its transcripts of qv ≥ 20, as XOA counts them', async () => {
    const run = await readXenium(await cellFolderFromDir(MOUSE), { limits: IMPORT_LIMITS });
    const expected = expectedCounts(fs.readFileSync(path.join(MOUSE, 'transcripts.csv'), 'utf8'));
    expect(run.cellIds).toEqual(['67500', '67501', '67512', '67515', '67521', '67527', '67540']);
    run.cellIds.forEach((id, i) => {
      const got = new Map<string, number>();
      for (let k = run.X.indptr[i]!; k < run.X.indptr[i + 1]!; k++)
        got.set(run.genes[run.X.indices[k]!]!, run.X.data[k]!);
      expect(got, `cell ${id}`).toEqual(expected.cells.get(id));
    });
    expect(run.controls.reduce((n, c) => n + c.total, 0)).toBe(expected.controls);
    expect(run.genes.some((g) => /^(NegControl|BLANK_)/.test(g))).toBe(false);
    expect(run.warnings.join('\n')).toMatch(/transcripts of qv ≥ 20 in 7 cells/);
    expect(run.metadata).toMatchObject({ run_name: 'mouse_brain_ff_reps', pixel_size_um: 0.2125 });
    // Five cells have an outline (README): placed at its centre; the others at their transcripts' mean.
    const { offsets, xy: vertices } = run.outlines!;
    const outlined = run.cellIds.filter((_, i) => offsets[i + 1]! > offsets[i]!);
    expect(outlined).toHaveLength(5);
    for (let i = 0; i < run.cellIds.length; i++) {
      const ring = Array.from(vertices.subarray(2 * offsets[i]!, 2 * offsets[i + 1]!));
      if (ring.length) {
        const mean = (axis: number) =>
          ring.filter((_, k) => k % 2 === axis).reduce((a, b) => a + b, 0) / (ring.length / 2);
        expect([run.xy[2 * i], run.xy[2 * i + 1]].map((v) => v!.toFixed(2))).toEqual(
          [mean(0), mean(1)].map((v) => v.toFixed(2)),
        );
      } else {
        // Its transcripts' mean: inside the 20 × 20 µm patch the transcripts were cut to (whole outlines reach out).
        expect(run.xy[2 * i]).toBeGreaterThan(4900);
        expect(run.xy[2 * i]).toBeLessThan(4920);
        expect(run.xy[2 * i + 1]).toBeGreaterThan(6400);
        expect(run.xy[2 * i + 1]).toBeLessThan(6420);
      }
    }
  });

  it('reads transcripts.parquet the same way (Xenium_small without its matrix)', async () => {
    const run = await readXenium(await cellFolderFromDir(variant('transcripts', ['cell_feature_matrix.h5'])), {
      limits: IMPORT_LIMITS,
    });
    expect(run.X.nRows).toBeGreaterThan(0);
    expect(run.X.data.reduce((a, b) => a + b, 0)).toBe(
      Number(/([\d,]+) transcripts of qv/.exec(run.warnings.join('\n'))![1]!.replaceAll(',', '')),
    );
    // Names decoded from the parquet's byte arrays, controls kept out.
    expect(run.genes.every((g) => /^[A-Za-z0-9._-]+$/.test(g) && !/^(NegControl|BLANK_|Unassigned)/.test(g))).toBe(
      true,
    );
  });
});
