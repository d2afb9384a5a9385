import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts/genes/import-limits';
import { SHARED_DATA } from '../../testing.js';
import { SpatialFormatError, SpatialLimitError } from '../errors.js';
import { isMerscopeFolder, readMerscope } from './merscope.js';
import { folderVariant } from './folder-variant.js';
import { cellFolderFromDir, type CellFolder } from './source.js';

/**
 * The MERSCOPE reader on the real files of ../shared/data/merscope (see its README): `spacetrooper-Merfish_Tiny`
 * (50 cells, the first 10 genes only: its Blank-* columns were dropped upstream, so blank codewords are tested on a
 * copy with one added; GeoParquet boundaries, 7 z-planes) checks ids, centres and outlines;
 * `spatialexperimentio-MERSCOPE_small` has ALL-ZERO counts and metadata rows in ANOTHER ORDER than the counts, so
 * it checks only the matching by id (and that an empty matrix is read as such), never expression.
 */
const TINY = path.join(SHARED_DATA, 'merscope/spacetrooper-Merfish_Tiny');
const SMALL = path.join(SHARED_DATA, 'merscope/spatialexperimentio-MERSCOPE_small');
const LEGACY = path.join(SHARED_DATA, 'merscope/moleculeexperiment-vizgen_HumanOvarianCancerPatient2Slice2');
const COUNTS = 'HumanUterineCancerPatient2_cell_by_gene.csv';
const META = 'HumanUterineCancerPatient2_cell_metadata.csv';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'merscope-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const variant = (name: string, drop: string[], replace: Record<string, string> = {}) =>
  folderVariant(TINY, tmp, name, drop, replace);
const lines = (file: string) => fs.readFileSync(path.join(TINY, file), 'utf8').trimEnd().split('\n');

describe.skipIf(!fs.existsSync(TINY))('readMerscope', () => {
  it('Merfish_Tiny: 50 cells × 10 genes (14 counts), 17-digit ids kept exact, centres from center_x/y µm', async () => {
    const folder = await cellFolderFromDir(TINY);
    expect(isMerscopeFolder(folder)).toBe(true);
    const run = await readMerscope(folder, { limits: IMPORT_LIMITS });
    expect([run.X.nRows, run.X.nCols]).toEqual([50, 10]);
    expect(run.X.data.reduce((a, b) => a + b, 0)).toBe(14);
    expect(run.X.data.length).toBe(12);
    expect(run.cellIds[0]).toBe('26985800002100002');
    expect(run.xy[0]).toBeCloseTo(1458.2102998036, 6);
    expect(run.xy[1]).toBeCloseTo(151.423567443189, 6);
    expect(run.metadata).toMatchObject({ platform: 'MERSCOPE', blank_counts: 0 });
    expect(run.obs.fov![0]).toBe(188);
  });

  it('Merfish_Tiny: GeoParquet boundaries (WKB MultiPolygon × 7 z-planes) → one ring per cell at z 3, in µm', async () => {
    const run = await readMerscope(await cellFolderFromDir(TINY));
    const { offsets, xy } = run.outlines!;
    expect(offsets.length).toBe(51);
    expect(run.metadata.outline_z_index).toBe(3);
    for (let i = 0; i < 50; i++) expect(offsets[i + 1]! - offsets[i]!).toBeGreaterThanOrEqual(3);
    const xs = xy.filter((_, k) => k % 2 === 0);
    const ys = xy.filter((_, k) => k % 2 === 1);
    // README: vertices span x 1285–1572, y 58–476 µm.
    expect(Math.min(...xs)).toBeGreaterThan(1284);
    expect(Math.max(...xs)).toBeLessThan(1573);
    expect(Math.min(...ys)).toBeGreaterThan(57);
    expect(Math.max(...ys)).toBeLessThan(477);
  });

  it('blank codewords (a Blank-0001 column added to Merfish_Tiny) are kept out of X and reported', async () => {
    const withBlank = lines(COUNTS)
      .map((line, i) => `${line},${i === 0 ? '"Blank-0001"' : '2'}`)
      .join('\n');
    const run = await readMerscope(await cellFolderFromDir(variant('blank', [], { [COUNTS]: withBlank })));
    expect(run.X.nCols).toBe(10);
    expect(run.controls).toEqual([{ name: 'Blank-0001', total: 100 }]);
    expect(run.warnings.join('\n')).toMatch(/1 blank codewords \(Blank-0001\) kept out of the matrix: 100 counts/);
  });

  it('MERSCOPE_small (all-zero counts, metadata reordered, R’s X index): rows matched by id, not by order', async () => {
    const run = await readMerscope(await cellFolderFromDir(SMALL));
    expect(run.X.data.length).toBe(0);
    const last = run.cellIds.indexOf('88869');
    expect(last).toBe(7);
    // 88869 is the FIRST metadata row: (12501.3060081969, 10052.7792821054).
    expect(run.xy[2 * last]).toBeCloseTo(12501.3060081969, 6);
    expect(run.xy[2 * last + 1]).toBeCloseTo(10052.7792821054, 6);
    expect(run.cellIds[0]).toBe('15589');
    expect(run.xy[0]).toBeCloseTo(12512.69579437, 6);
  });

  const refusals: [string, () => Promise<CellFolder>, RegExp][] = [
    ['no cell metadata', () => cellFolderFromDir(variant('nometa', [META])), /no \*cell_metadata\.csv/],
    [
      'metadata of other cells (10 of 50 rows)',
      () => cellFolderFromDir(variant('ids', [], { [META]: lines(META).slice(0, 11).join('\n') })),
      /cell_by_gene\.csv: 40 of its 50 cells have no row in .*cell_metadata\.csv/,
    ],
    [
      'the legacy folder (transcripts and per-FOV hdf5 boundaries, no cell_by_gene)',
      () => cellFolderFromDir(LEGACY),
      /no \*cell_by_gene\.csv/,
    ],
  ];
  for (const [what, make, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const error = await readMerscope(await make(), { limits: IMPORT_LIMITS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpatialFormatError);
      expect((error as Error).message).toMatch(message);
    });
  }

  it('refuses more cells than the limits allow, before parsing a row', async () => {
    const limits = { ...IMPORT_LIMITS, maxObs: 10 };
    const error = await readMerscope(await cellFolderFromDir(TINY), { limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toMatch(/declares 50 observations; at most 10/);
  });
});

/**
 * The legacy per-FOV boundaries on the real `feature_data_1753.hdf5` of the MoleculeExperiment folder (24 cells × 7
 * z-planes, closed rings in µm). That folder has no cell_by_gene.csv or metadata, so the counts and centres beside it
 * here are MADE UP (one count per cell, centre 0, 0) for five of its cells and one cell it does not hold: the test
 * checks which cells get outlines, the plane kept and the vertices, never expression or centres.
 */
describe.skipIf(!fs.existsSync(LEGACY))('readMerscope with per-FOV hdf5 boundaries', () => {
  const ids = ['45862', '45865', '45872', '45873', '45882', '999'];
  const folder = path.join(tmp, 'legacy-fov');
  fs.mkdirSync(path.join(folder, 'cell_boundaries'), { recursive: true });
  fs.copyFileSync(
    path.join(LEGACY, 'cell_boundaries/feature_data_1753.hdf5'),
    path.join(folder, 'cell_boundaries/feature_data_1753.hdf5'),
  );
  fs.writeFileSync(path.join(folder, 'cell_by_gene.csv'), ['cell,GENE1', ...ids.map((id) => `${id},1`)].join('\n'));
  fs.writeFileSync(
    path.join(folder, 'cell_metadata.csv'),
    ['EntityID,center_x,center_y', ...ids.map((id) => `${id},0,0`)].join('\n'),
  );

  it('outlines the cells the files hold at the middle z-plane, one ring each, the closing vertex dropped', async () => {
    const run = await readMerscope(await cellFolderFromDir(folder), { limits: IMPORT_LIMITS });
    const { offsets, xy } = run.outlines!;
    const vertices = (cell: number) => offsets[cell + 1]! - offsets[cell]!;
    expect(run.metadata.outline_z_index).toBe(3);
    // Cell 45862 at zIndex_3: 17 stored vertices, the last repeating the first; the README's slide frame in µm.
    expect(vertices(0)).toBe(16);
    expect([xy[0], xy[1]]).toEqual([Math.fround(10362.699547223201), Math.fround(8350.8577930116)]);
    for (let cell = 0; cell < 5; cell++) expect(vertices(cell)).toBeGreaterThan(3);
    expect(vertices(5)).toBe(0);
    // The file's 19 other cells are not in this matrix.
    expect(run.warnings).toContainEqual(expect.stringMatching(/19 outlines belong to no cell of the matrix/));
  });

  it('refuses a boundary file that is not HDF5, naming it', async () => {
    const broken = path.join(tmp, 'legacy-broken');
    fs.cpSync(folder, broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'cell_boundaries/feature_data_7.hdf5'), 'not hdf5');
    const error = await readMerscope(await cellFolderFromDir(broken), { limits: IMPORT_LIMITS }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpatialFormatError);
    expect((error as Error).message).toMatch(/feature_data_7\.hdf5: not an HDF5 file/);
  });
});
