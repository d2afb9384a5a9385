import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts/genes/import-limits';
import { SHARED_DATA } from '../../testing.js';
import { SpatialLimitError } from '../errors.js';
import { readLegacyCellPlanes } from './merscope-hdf5.js';
import { isMerscopeFolder } from './merscope.js';
import { isMerscopeTranscriptsFolder, readMerscopeTranscripts } from './merscope-transcripts.js';
import { CellFiles, cellFolderFromDir } from './source.js';

/**
 * The counts built from transcripts, on the real MoleculeExperiment folder of ../shared/data/merscope (see its
 * README): `detected_transcripts.csv` (15,160 molecules, 486 genes incl. 33 `Blank-*`) and the legacy per-FOV
 * `cell_boundaries/feature_data_1753.hdf5` (24 cells × 7 z-planes), and no `cell_by_gene.csv`. The oracle below
 * tests every transcript against every cell's ring on its own z-plane by crossing counts (no grid, no shortcuts);
 * the reader's counts must equal it cell by cell and gene by gene.
 */
const LEGACY = path.join(SHARED_DATA, 'merscope/moleculeexperiment-vizgen_HumanOvarianCancerPatient2Slice2');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'merscope-transcripts-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Crossings of a horizontal ray to the right of (x, y) with the ring's edges: odd inside. */
function crossings(ring: number[][], x: number, y: number): number {
  let n = 0;
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i]!;
    const [bx, by] = ring[(i + 1) % ring.length]!;
    if (ay! > y === by! > y) continue;
    const atY = ax! + ((y - ay!) / (by! - ay!)) * (bx! - ax!);
    if (atY > x) n++;
  }
  return n;
}

/** cell id → gene → count, every transcript against every cell's ring on the transcript's plane (nearest if none). */
async function oracle(): Promise<Map<string, Map<string, number>>> {
  const folder = await cellFolderFromDir(LEGACY);
  const cells = await readLegacyCellPlanes(new CellFiles(folder, undefined, []), [
    'cell_boundaries/feature_data_1753.hdf5',
  ]);
  const [header, ...rows] = fs.readFileSync(path.join(LEGACY, 'detected_transcripts.csv'), 'utf8').trim().split('\n');
  const at = (name: string) => header!.split(',').indexOf(name);
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const cols = row.split(',');
    const [x, y, z] = ['global_x', 'global_y', 'global_z'].map((c) => Number(cols[at(c)]));
    const gene = cols[at('gene')]!;
    if (gene.startsWith('Blank-')) continue;
    for (const [id, planes] of cells) {
      const plane = [...planes.keys()].sort((a, b) => Math.abs(a - z!) - Math.abs(b - z!) || a - b)[0]!;
      if (crossings(planes.get(plane)!, x!, y!) % 2 === 0) continue;
      const cell = counts.get(id) ?? new Map<string, number>();
      cell.set(gene, (cell.get(gene) ?? 0) + 1);
      counts.set(id, cell);
      break;
    }
  }
  return counts;
}

describe.skipIf(!fs.existsSync(LEGACY))('readMerscopeTranscripts', () => {
  it('builds each cell’s counts from the transcripts inside its boundary, as a brute-force count does', async () => {
    const folder = await cellFolderFromDir(LEGACY);
    expect([isMerscopeFolder(folder), isMerscopeTranscriptsFolder(folder)]).toEqual([false, true]);
    const run = await readMerscopeTranscripts(folder, { limits: IMPORT_LIMITS });
    const expected = await oracle();
    expect(run.cellIds).toEqual([...expected.keys()].sort((a, b) => Number(a) - Number(b)));
    expect(run.cellIds).toHaveLength(24);
    run.cellIds.forEach((id, i) => {
      const got = new Map<string, number>();
      for (let k = run.X.indptr[i]!; k < run.X.indptr[i + 1]!; k++)
        got.set(run.genes[run.X.indices[k]!]!, run.X.data[k]!);
      expect(got, `cell ${id}`).toEqual(expected.get(id));
    });
    const total = run.X.data.reduce((a, b) => a + b, 0);
    expect(total).toBe(8291);
    // The Blank-* codewords are reported, not counted; the share in cells is said.
    expect(run.controls.every((c) => c.name.startsWith('Blank-'))).toBe(true);
    expect(run.controls.reduce((n, c) => n + c.total, 0)).toBe(60);
    expect(run.warnings.join('\n')).toMatch(/8,291 of its 15,100 transcripts fall within one of 24 cell boundaries/);
    // Centres at the outlines' centroids (microns, the slide's frame), outlines on the middle plane.
    expect(run.outlines?.offsets.length).toBe(25);
    expect(run.metadata.outline_z_index).toBe(3);
    for (let i = 0; i < 24; i++) {
      const ring = Array.from(
        run.outlines!.xy.subarray(2 * run.outlines!.offsets[i]!, 2 * run.outlines!.offsets[i + 1]!),
      );
      const xs = ring.filter((_, k) => k % 2 === 0);
      const ys = ring.filter((_, k) => k % 2 === 1);
      expect(run.xy[2 * i]).toBeGreaterThan(Math.min(...xs));
      expect(run.xy[2 * i]).toBeLessThan(Math.max(...xs));
      expect(run.xy[2 * i + 1]).toBeGreaterThan(Math.min(...ys));
      expect(run.xy[2 * i + 1]).toBeLessThan(Math.max(...ys));
    }
  });

  it('refuses a transcripts file over the limits before reading it', async () => {
    const limits = { ...IMPORT_LIMITS, maxBytes: 100_000 };
    const error = await readMerscopeTranscripts(await cellFolderFromDir(LEGACY), { limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpatialLimitError);
  });

  it('is not taken for a folder that has its cell_by_gene.csv', async () => {
    const folder = path.join(tmp, 'with-counts');
    fs.cpSync(LEGACY, folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'cell_by_gene.csv'), 'cell,GENE1\n1,1\n');
    expect(isMerscopeTranscriptsFolder(await cellFolderFromDir(folder))).toBe(false);
  });
});
