import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts/genes/import-limits';
import { SHARED_DATA } from '../../testing.js';
import { SpatialFormatError, SpatialLimitError } from '../errors.js';
import { COSMX_PIXEL_SIZE_UM, isCosmxFolder, readCosmx } from './cosmx.js';
import { folderVariant } from './folder-variant.js';
import { cellFolderFromDir, type CellFolder } from './source.js';

/**
 * The CosMx reader on the real flat files of ../shared/data/cosmx (see its README): `spacetrooper-CosMx_DBKero_Tiny`
 * (one whole FOV of a 1000-plex run: real counts, 10 NegPrb columns, a cell_ID 0 row, polygons) checks the matrix,
 * the probes kept out, the centres and the outlines; `spatialexperimentio-CosMx_small` (9 cells, prefixed names)
 * checks finding the files by suffix. Its global centres disagree with its FOV position (README caveat), so no test
 * asserts global = FOV + local on it.
 */
const DBKERO = path.join(SHARED_DATA, 'cosmx/spacetrooper-CosMx_DBKero_Tiny');
const SMALL = path.join(SHARED_DATA, 'cosmx/spatialexperimentio-CosMx_small');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cosmx-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const variant = (source: string, name: string, drop: string[], replace: Record<string, string> = {}) =>
  folderVariant(source, tmp, name, drop, replace);

describe.skipIf(!fs.existsSync(DBKERO))('readCosmx', () => {
  it('DBKero: 905 cells × 1000 genes; the 10 NegPrb columns and the cell_ID 0 row kept out and reported', async () => {
    const folder = await cellFolderFromDir(DBKERO);
    expect(isCosmxFolder(folder)).toBe(true);
    const run = await readCosmx(folder, { limits: IMPORT_LIMITS });
    expect([run.X.nRows, run.X.nCols]).toEqual([905, 1000]);
    expect(run.cellIds.slice(0, 2)).toEqual(['16_1', '16_2']);
    expect(run.genes.slice(0, 2)).toEqual(['RAMP2', 'CD83']);
    expect(run.genes.some((g) => g.startsWith('NegPrb'))).toBe(false);
    expect(run.controls.map((c) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `NegPrb${String(i + 1).padStart(2, '0')}`),
    );
    // README: the whole file sums to 790,491; cell_ID 0 holds 63,597 of them.
    const inX = run.X.data.reduce((a, b) => a + b, 0);
    expect(run.metadata.unassigned_counts).toBe(63_597);
    expect(inX + Number(run.metadata.control_counts) + 63_597).toBe(790_491);
    expect(run.warnings.join('\n')).toMatch(
      /10 negative probes and system controls \(NegPrb01, NegPrb02, NegPrb03, …\) kept out/,
    );
    expect(run.warnings.join('\n')).toMatch(/cell_ID 0 .* 63,597 counts\) left out/);
  });

  it('DBKero: centres are CenterX/Y_global_px × 0.12028 µm/px, and the metadata says so', async () => {
    const run = await readCosmx(await cellFolderFromDir(DBKERO));
    // Cell 16_1: CenterX_global_px 155313.637690226, CenterY_global_px 22279.6200853984.
    expect(run.xy[0]).toBeCloseTo(155313.637690226 * COSMX_PIXEL_SIZE_UM, 6);
    expect(run.xy[1]).toBeCloseTo(22279.6200853984 * COSMX_PIXEL_SIZE_UM, 6);
    expect(run.metadata).toMatchObject({ platform: 'CosMx', pixel_size_um: 0.12028, fovs: 1 });
    expect(run.metadata.coordinates).toMatch(/CenterX_global_px, CenterY_global_px × 0\.12028 µm\/px/);
    expect(run.obs.Area![0]).toBe(5986);
  });

  it('DBKero: polygons (cellID, open rings) → 905 outlines, 23,000 vertices in µm around their centres', async () => {
    const run = await readCosmx(await cellFolderFromDir(DBKERO));
    const { offsets, xy } = run.outlines!;
    expect(offsets.length).toBe(906);
    expect(xy.length).toBe(2 * 23_000);
    expect(xy[0]).toBeCloseTo(155326.637690226 * COSMX_PIXEL_SIZE_UM, 2);
    for (let i = 0; i < 905; i++) expect(offsets[i + 1]! - offsets[i]!).toBeGreaterThanOrEqual(10);
  });

  it('CosMx_small: prefixed file names found by suffix; 9 cells × 8 genes, 7 counts, no outlines', async () => {
    const run = await readCosmx(await cellFolderFromDir(SMALL));
    expect([run.X.nRows, run.X.nCols]).toEqual([9, 8]);
    expect(run.X.data.reduce((a, b) => a + b, 0)).toBe(7);
    expect(run.outlines).toBeUndefined();
    expect(run.xy[0]).toBeGreaterThan(0);
  });

  const meta = (ids: number[]) =>
    `fov,cell_ID,CenterX_global_px,CenterY_global_px\n${ids.map((id) => `10,${id},1,2`).join('\n')}\n`;
  const refusals: [string, () => Promise<CellFolder>, RegExp][] = [
    [
      'no metadata file',
      () => cellFolderFromDir(variant(SMALL, 'nometa', ['lung_p9s1_metadata_file.csv'])),
      /no \*metadata_file\.csv/,
    ],
    [
      'metadata of other cells',
      () => cellFolderFromDir(variant(SMALL, 'ids', [], { 'lung_p9s1_metadata_file.csv': meta([1, 2, 3]) })),
      /exprMat_file\.csv: 6 of its 9 cells have no row in .*metadata_file\.csv \(e\.g\. cell 10_4\)/,
    ],
    [
      'local centres without the FOV positions',
      () =>
        cellFolderFromDir(
          variant(SMALL, 'local', ['lung_p9s1_fov_positions_file.csv'], {
            'lung_p9s1_metadata_file.csv': `fov,cell_ID,CenterX_local_px,CenterY_local_px\n${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => `10,${id},1,2`).join('\n')}\n`,
          }),
        ),
      /no \*fov_positions_file\.csv/,
    ],
    [
      'a count that is not a number',
      () => cellFolderFromDir(variant(SMALL, 'nan', [], { 'lung_p9s1_exprMat_file.csv': 'fov,cell_ID,A\n10,1,x\n' })),
      /line 2: count A 'x' is not a non-negative number/,
    ],
  ];
  for (const [what, make, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const error = await readCosmx(await make(), { limits: IMPORT_LIMITS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpatialFormatError);
      expect((error as Error).message).toMatch(message);
    });
  }

  it('refuses a header of more targets than the limits allow, before parsing a row', async () => {
    const limits = { ...IMPORT_LIMITS, maxVars: 500 };
    const error = await readCosmx(await cellFolderFromDir(DBKERO), { limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toMatch(/declares 1,000 features; at most 500/);
  });
});
