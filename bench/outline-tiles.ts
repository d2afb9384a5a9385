// `npm run bench -- cells`: the cell outlines of a five-million-cell run (issue 38) as the explorer's windows read
// them. The import writes them in spatial tiles (@atlas/spatial outline-tiles.ts); the server reads a tile header
// once, then a window's tiles only. Beside it, in the same run, what the server did before the tiles and still does
// for runs imported earlier: read the whole outlines file and index it in memory before the first window.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CELL_OUTLINE_LIMITS } from '@atlas/contracts';
import {
  buildOutlineIndex,
  decodeOutlines,
  decodeOutlineTilesHeader,
  encodeOutlines,
  encodeOutlineTiles,
  OUTLINE_TILES_FIXED_BYTES,
  outlinesFromTiles,
  outlinesInWindow,
  outlineTilesGrid,
  outlineTilesHeaderLength,
  tilesForWindow,
  type CellOutlines,
} from '@atlas/spatial/io';
import type { Row } from './row.js';

const CELLS = Number(process.env.BENCH_CELLS ?? 5_000_000);
/** Cells on a 10 µm grid, jittered; outlines of 8–12 vertices, radius 4–5 µm (the generated run). */
const PITCH = 10;

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function generatedOutlines(): CellOutlines {
  const next = random(38);
  const side = Math.ceil(Math.sqrt(CELLS));
  const offsets = new Uint32Array(CELLS + 1);
  for (let i = 0; i < CELLS; i++) offsets[i + 1] = offsets[i]! + 8 + Math.floor(next() * 5);
  const xy = new Float32Array(2 * offsets[CELLS]!);
  for (let i = 0; i < CELLS; i++) {
    const cx = PITCH * (i % side) + next() * 2;
    const cy = PITCH * Math.floor(i / side) + next() * 2;
    const r = 4 + next();
    const k = offsets[i + 1]! - offsets[i]!;
    for (let v = 0; v < k; v++) {
      const a = (2 * Math.PI * v) / k;
      xy[2 * (offsets[i]! + v)] = cx + r * Math.cos(a);
      xy[2 * (offsets[i]! + v) + 1] = cy + r * Math.sin(a);
    }
  }
  return { offsets, xy };
}

async function readRange(file: fsp.FileHandle, start: number, end: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(end - start);
  await file.read(bytes, 0, bytes.length, start);
  return bytes;
}

const ms = (t: number) => `${t.toFixed(0)} ms`;
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;

export async function outlineTileRows(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outline-tiles-'));
  try {
    const outlines = generatedOutlines();
    const vertices = outlines.xy.length / 2;
    let started = performance.now();
    const tiles = encodeOutlineTiles(outlines);
    const encodeMs = performance.now() - started;
    const tiledPath = path.join(dir, 'cell_outline_tiles.bin');
    const wholePath = path.join(dir, 'cell_outlines.bin');
    fs.writeFileSync(tiledPath, tiles);
    fs.writeFileSync(wholePath, encodeOutlines(outlines));
    // A window the explorer asks for when cells are drawn as outlines: ~17,000 cells, just under the 200k-vertex cap.
    const middle = (PITCH * Math.sqrt(CELLS)) / 2;
    const half = (PITCH * Math.sqrt(17_000)) / 2;
    const window = { x0: middle - half, y0: middle - half, x1: middle + half, y1: middle + half };
    const cap = CELL_OUTLINE_LIMITS.maxVertices;

    // Tiled: the header once (kept by the server), then the window's rows of tiles.
    started = performance.now();
    const file = await fsp.open(tiledPath, 'r');
    const { nx, ny } = outlineTilesGrid(await readRange(file, 0, OUTLINE_TILES_FIXED_BYTES), tiledPath);
    const headerBytes = outlineTilesHeaderLength(nx, ny);
    const header = decodeOutlineTilesHeader(await readRange(file, 0, headerBytes), tiledPath);
    const headerMs = performance.now() - started;
    started = performance.now();
    const { ranges } = tilesForWindow(header, window);
    const reads = await Promise.all(
      ranges.map(async (range) => ({ range, bytes: await readRange(file, range.start, range.end) })),
    );
    const tiled = outlinesFromTiles(header, reads, window, cap);
    const windowMs = performance.now() - started;
    const windowRead = reads.reduce((sum, r) => sum + r.bytes.length, 0);
    await file.close();

    // Whole file, as before the tiles: read, decode, index, then the same window.
    started = performance.now();
    const index = buildOutlineIndex(decodeOutlines(new Uint8Array(fs.readFileSync(wholePath)), wholePath));
    const whole = outlinesInWindow(index, window, cap);
    const wholeMs = performance.now() - started;
    if (tiled.overCap || whole.cells.length !== tiled.cells.length)
      throw new Error('the tiled window differs from the whole-file one, or is over the cap');

    const size = `${(CELLS / 1e6).toFixed(1)}M cells, ${(vertices / 1e6).toFixed(0)}M vertices`;
    return [
      {
        measure: `cell outlines in spatial tiles at import (${size})`,
        target: 'info',
        figure: `${ms(encodeMs)}, ${mb(tiles.length)} (${nx} × ${ny} tiles, header ${mb(headerBytes)})`,
        verdict: 'info',
      },
      {
        measure: `  first outline window of ${tiled.cells.length.toLocaleString('en-US')} cells (${(tiled.windowVertices / 1000).toFixed(0)}k vertices) from the tiles`,
        target: 'reads its tiles only, < 1 s',
        figure:
          `header ${ms(headerMs)} + window ${ms(windowMs)}, ${mb(headerBytes + windowRead)} read of ${mb(tiles.length)}; ` +
          `same run, whole file read and indexed first: ${ms(wholeMs)} (${(wholeMs / (headerMs + windowMs)).toFixed(0)}×)`,
        verdict: headerMs + windowMs < 1000 && headerBytes + windowRead < tiles.length / 20 ? 'met' : 'MISSED',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
