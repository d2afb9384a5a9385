/**
 * A MERSCOPE folder that holds the decoded transcripts and the cell boundaries but no `cell_by_gene.csv` (exports
 * cut to a region, or the transcripts and segmentation of a re-run): `*detected_transcripts.csv` (`global_x`,
 * `global_y` in microns, `global_z` the z-plane's index, `gene`) and the older per-FOV
 * `cell_boundaries/feature_data_*.hdf5` (./merscope-hdf5.ts). The counts are built as Vizgen's partitioning builds
 * `cell_by_gene.csv`: a transcript counts for the cell whose boundary on the transcript's z-plane (or the cell's
 * nearest plane) contains it; transcripts in no boundary are not counted, and the share counted is said. `Blank-*`
 * codewords are kept out of X and reported, as in ./merscope.ts. Cells are placed at the centre of their outline
 * on the middle z-plane, which is also the outline drawn (./transcript-counts.ts).
 *
 * Boundaries are found through a grid of buckets over their bounding boxes, so each transcript is tested against
 * the few cells near it: a section's millions of transcripts and ~100,000 cells stay linear.
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { eachCsvRow } from '../../formats/csv-read.js';
import { SpatialFormatError } from '../errors.js';
import { LEGACY_BOUNDARIES, middlePlaneRings, readLegacyCellPlanes, type Planes } from './merscope-hdf5.js';
import { MERSCOPE_BLANK, MERSCOPE_COUNTS } from './merscope.js';
import { outlinesFromRings } from './outlines.js';
import { placeAtOutlines, TranscriptCounter } from './transcript-counts.js';
import {
  CellFiles,
  columnsOf,
  findBySuffix,
  numberAt,
  reportControls,
  type CellFolder,
  type CellRun,
  type ReadCellsOptions,
} from './source.js';

const TRANSCRIPTS = ['detected_transcripts.csv', 'detected_transcripts.csv.gz'];

export const isMerscopeTranscriptsFolder = (folder: CellFolder) =>
  findBySuffix(folder, MERSCOPE_COUNTS) === undefined &&
  findBySuffix(folder, TRANSCRIPTS) !== undefined &&
  folder.names.some((name) => LEGACY_BOUNDARIES.test(name));

/** Whether (x, y) is inside a closed ring (even–odd rule). */
function inside(ring: readonly number[][], x: number, y: number): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) within = !within;
  }
  return within;
}

/** Buckets of a grid over the cells' bounding boxes: the cells whose box meets each bucket. */
class CellGrid {
  private readonly buckets = new Map<number, number[]>();
  private readonly size: number;
  private readonly boxes: Float64Array;

  constructor(cells: readonly Planes[]) {
    this.boxes = new Float64Array(4 * cells.length);
    const spans: number[] = [];
    cells.forEach((planes, c) => {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const ring of planes.values()) {
        for (const [x, y] of ring)
          [x0, y0, x1, y1] = [Math.min(x0, x!), Math.min(y0, y!), Math.max(x1, x!), Math.max(y1, y!)];
      }
      this.boxes.set([x0, y0, x1, y1], 4 * c);
      spans.push(Math.max(x1 - x0, y1 - y0));
    });
    // About one cell across per bucket: a transcript meets the few cells around it.
    this.size = Math.max(1e-6, spans.sort((a, b) => a - b)[Math.floor(spans.length / 2)] ?? 1);
    cells.forEach((_, c) => {
      const [x0, y0, x1, y1] = this.boxes.subarray(4 * c, 4 * c + 4);
      for (let gx = Math.floor(x0! / this.size); gx <= Math.floor(x1! / this.size); gx++) {
        for (let gy = Math.floor(y0! / this.size); gy <= Math.floor(y1! / this.size); gy++) {
          const key = gx * 0x100000 + gy;
          const bucket = this.buckets.get(key);
          if (bucket) bucket.push(c);
          else this.buckets.set(key, [c]);
        }
      }
    });
  }

  /** The cells whose bounding box holds (x, y). */
  near(x: number, y: number): number[] {
    const bucket = this.buckets.get(Math.floor(x / this.size) * 0x100000 + Math.floor(y / this.size)) ?? [];
    const b = this.boxes;
    return bucket.filter((c) => x >= b[4 * c]! && x <= b[4 * c + 2]! && y >= b[4 * c + 1]! && y <= b[4 * c + 3]!);
  }
}

/** A cell's ring on plane z, else on its nearest plane. */
function ringAt(planes: Planes, z: number): number[][] {
  const exact = planes.get(z);
  if (exact) return exact;
  let best = -1;
  for (const plane of planes.keys()) if (best < 0 || Math.abs(plane - z) < Math.abs(best - z)) best = plane;
  return planes.get(best)!;
}

export async function readMerscopeTranscripts(folder: CellFolder, options: ReadCellsOptions = {}): Promise<CellRun> {
  const transcriptsFile = findBySuffix(folder, TRANSCRIPTS);
  const boundaryFiles = folder.names.filter((name) => LEGACY_BOUNDARIES.test(name));
  if (!transcriptsFile || !boundaryFiles.length)
    throw new SpatialFormatError(folder.label, CELLS_MSG.missingFile('MERSCOPE', '*cell_by_gene.csv'));
  const files = new CellFiles(folder, options.limits, [transcriptsFile, ...boundaryFiles]);
  const warnings: string[] = [];

  const byId = await readLegacyCellPlanes(files, boundaryFiles);
  const ids = [...byId.keys()].filter((id) => byId.get(id)!.size > 0);
  const planes = ids.map((id) => byId.get(id)!);
  const grid = new CellGrid(planes);

  const label = files.label(transcriptsFile);
  const counter = new TranscriptCounter();
  let considered = 0;
  // Row by row, nothing kept but the counts: a section's transcripts file holds tens of millions of rows.
  let at: Record<'global_x' | 'global_y' | 'global_z' | 'gene', number> | null = null;
  eachCsvRow(await files.text(transcriptsFile), ',', (cells, line) => {
    if (!at) return void (at = columnsOf(cells, ['global_x', 'global_y', 'global_z', 'gene'], label));
    if (cells.length === 1 && cells[0] === '') return;
    const gene = cells[at.gene]!.trim();
    if (MERSCOPE_BLANK.test(gene)) return counter.control(gene);
    considered++;
    const x = numberAt(cells[at.global_x], line, 'global_x', label);
    const y = numberAt(cells[at.global_y], line, 'global_y', label);
    const z = Math.round(numberAt(cells[at.global_z], line, 'global_z', label));
    const cell = grid.near(x, y).find((c) => inside(ringAt(planes[c]!, z), x, y));
    if (cell !== undefined) counter.add(ids[cell]!, gene, x, y);
  });
  if (!at) throw new SpatialFormatError(label, CELLS_MSG.noCells);
  const counts = counter.result();
  const blankTotal = reportControls(counts.controls, 'blank codewords', warnings);
  const kept = counts.cellIds;
  if (kept.length < ids.length) warnings.push(CELLS_MSG.cellsWithoutTranscripts(ids.length - kept.length));
  warnings.push(CELLS_MSG.countsFromTranscripts(label, counts.counted, considered, ids.length));
  if (!kept.length) throw new SpatialFormatError(label, CELLS_MSG.noCells);

  const { rings, zIndex } = middlePlaneRings(kept.map((id) => byId.get(id)));
  const outlines = outlinesFromRings(rings);
  placeAtOutlines(counts.meanXy, outlines);
  return {
    platform: 'MERSCOPE',
    cellIds: kept,
    X: counts.X,
    genes: counts.genes,
    geneIds: counts.genes,
    xy: counts.meanXy,
    obs: {},
    outlines,
    metadata: {
      platform: 'MERSCOPE',
      coordinates: `${transcriptsFile} global_x, global_y (µm); cells at their outlines' centres`,
      counts: `built from ${transcriptsFile} and cell_boundaries/ (${counts.counted} of ${considered} transcripts in cells)`,
      blank_codewords: counts.controls.map((c) => c.name).join(','),
      blank_counts: blankTotal,
      outline_z_index: zIndex,
    },
    controls: counts.controls,
    warnings,
  };
}
