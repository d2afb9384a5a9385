import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { QUEUES, type TTaskState } from '@atlas/contracts';
import { decodeOutlineTilesHeader, readH5ad } from '@atlas/spatial/io';
import { sharedData } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { readObject } from '../../infra/storage/index.js';
import { CELL_FILES } from './cells.js';
import { ImportError } from './errors.js';
import { prepareImport } from './prepare.js';
import { sourceFromPath } from './sources.js';

/**
 * Xenium, CosMx and MERSCOPE outputs through the importer (issue 38), on the real public samples of ../shared/data
 * (see their README sections): CosMx DBKero (905 real cells) end to end through the admin route, MERSCOPE
 * Merfish_Tiny (50 cells, 10 genes) through the CLI's path as a folder and as a zip, and the samples too small or
 * incomplete to be runs refused with their reason before anything is stored (the Xenium sample has 6 cells and
 * made-up counts; its README says so).
 */
const t = useTestApp({
  workers: QUEUES,
  requires: [sharedData('cosmx'), sharedData('merscope'), sharedData('xenium')],
  timeoutMs: 180_000,
});
const BUCKET = 'atx-data';
const DBKERO = sharedData('cosmx/spacetrooper-CosMx_DBKero_Tiny');
const MERFISH = sharedData('merscope/spacetrooper-Merfish_Tiny');
const TRANSCRIPTS_ONLY = sharedData('merscope/moleculeexperiment-vizgen_HumanOvarianCancerPatient2Slice2');

describe.skipIf(t.skip)('single-cell-resolution imports', () => {
  it('CosMx DBKero through the admin route: 905 cells × 1000 genes placed in µm, NegPrb reported, outlines stored', async () => {
    for (const name of fs.readdirSync(DBKERO))
      await t.infra.storage.put(BUCKET, `uploads/cosmx/${name}`, fs.readFileSync(path.join(DBKERO, name)));
    const reply = await t.api<TTaskState>('POST', '/api/v1/run_db/import', {
      token: t.admin,
      body: { run_id: 'D00381', source: 'uploads/cosmx/' },
    });
    expect(reply.status).toBe(200);
    const done = await t.settle(reply.body._id, 280_000);
    expect(done.error).toBeNull();
    expect(done.result).toMatchObject({ tixels: 905, features: { genes: 1000 } });
    const genes = await readH5ad(await readObject(t.infra.storage, BUCKET, 'data/D00381/h5/obj/genes.h5ad'), {
      obsm: ['spatial'],
    });
    expect(genes.obsNames[0]).toBe('16_1');
    // metadata_file.csv cell 16_1: CenterX_global_px 155313.637690226 × 0.12028 µm/px.
    expect(genes.obsm.spatial!.data[0]).toBeCloseTo(155313.637690226 * 0.12028, 4);
    expect(genes.varNames.some((g) => g.startsWith('NegPrb'))).toBe(false);
    expect(genes.uns).toContain('cells');
    const described = JSON.parse(
      Buffer.from(await readObject(t.infra.storage, BUCKET, `data/D00381/${CELL_FILES.description}`)).toString(),
    ) as { platform: string; controls: { name: string }[]; metadata: { pixel_size_um: number } };
    expect(described).toMatchObject({ platform: 'CosMx', metadata: { pixel_size_um: 0.12028 } });
    expect(described.controls).toHaveLength(10);
    const outlines = decodeOutlineTilesHeader(
      new Uint8Array(await readObject(t.infra.storage, BUCKET, `data/D00381/${CELL_FILES.outlineTiles}`)),
      'outlines',
    );
    expect([outlines.cells, outlines.vertices]).toEqual([905, 23_000]);
  }, 300_000);

  it('MERSCOPE Merfish_Tiny as a folder and as a zip of it: 50 cells in µm, uns cells, outlines beside', async () => {
    const folder = await prepareImport(await sourceFromPath(MERFISH));
    const zipped = path.join(fs.mkdtempSync('/tmp/merscope-zip-'), 'Merfish_Tiny.zip');
    const entries = Object.fromEntries(
      fs
        .readdirSync(MERFISH)
        .map((name) => [`Merfish_Tiny/${name}`, new Uint8Array(fs.readFileSync(path.join(MERFISH, name)))]),
    );
    fs.writeFileSync(zipped, zipSync(entries));
    const zip = await prepareImport(await sourceFromPath(zipped));
    for (const prepared of [folder, zip]) {
      expect(prepared).toMatchObject({ format: 'MERSCOPE output folder', nObs: 50, nVars: 10, spatial: true });
      expect([...prepared.files.keys()].sort()).toEqual(
        [CELL_FILES.outlineTiles, CELL_FILES.description, 'h5/obj/genes.h5ad'].sort(),
      );
      const genes = await readH5ad(prepared.files.get('h5/obj/genes.h5ad')!, { obsm: ['spatial'] });
      expect(genes.obsNames[0]).toBe('26985800002100002');
      expect(genes.obsm.spatial!.data[0]).toBeCloseTo(1458.2102998036, 6);
      expect(Object.keys(genes.obs)).toContain('volume');
      expect(decodeOutlineTilesHeader(prepared.files.get(CELL_FILES.outlineTiles)!, 'outlines').cells).toBe(50);
    }
    fs.rmSync(path.dirname(zipped), { recursive: true, force: true });
  });

  it('a MERSCOPE folder of transcripts and per-FOV boundaries, no cell_by_gene: 24 cells counted from them', async () => {
    const prepared = await prepareImport(await sourceFromPath(TRANSCRIPTS_ONLY));
    // 412 genes of the 486 (33 Blank-* kept out; the others fall in no cell of this patch), 8,291 transcripts in cells.
    expect(prepared).toMatchObject({ format: 'MERSCOPE output folder', nObs: 24, nVars: 412, spatial: true });
    expect(prepared.warnings.join('\n')).toMatch(/8,291 of its 15,100 transcripts fall within one of 24 cell/);
    const genes = await readH5ad(prepared.files.get('h5/obj/genes.h5ad')!, { obsm: ['spatial'] });
    expect(genes.obsNames.slice(0, 2)).toEqual(['45862', '45865']);
    expect(decodeOutlineTilesHeader(prepared.files.get(CELL_FILES.outlineTiles)!, 'outlines').cells).toBe(24);
  });

  const refusals: [string, string, RegExp][] = [
    [
      'Xenium_small (6 cells: too few for clusters and a UMAP)',
      'xenium/spatialexperimentio-Xenium_small',
      /6 observations are too few/,
    ],
    [
      'a Xenium folder without a matrix (mouse brain sample1: 7 cells counted from its transcripts)',
      'xenium/moleculeexperiment-xenium_V1_FF_Mouse_Brain/sample1',
      /7 observations are too few/,
    ],
    ['CosMx_small (9 cells)', 'cosmx/spatialexperimentio-CosMx_small', /9 observations are too few/],
    [
      'MERSCOPE_small (8 cells, all-zero counts)',
      'merscope/spatialexperimentio-MERSCOPE_small',
      /8 observations are too few/,
    ],
  ];
  for (const [what, sample, message] of refusals) {
    it(`refuses ${what}, before anything is stored`, async () => {
      const error = await prepareImport(await sourceFromPath(sharedData(sample))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as Error).message).toMatch(message);
    });
  }
});
