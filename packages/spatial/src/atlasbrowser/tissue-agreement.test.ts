/**
 * Autofill's two thresholds against known tissue (issue 37 item 5): the tool's fixed default (the adaptive
 * threshold at C 7 and Neighborhood 7, then a mean below 210 of 255) and the automatic one (Otsu's threshold of the
 * mean intensities themselves, over the whole grid). The truth: Space Ranger's own `in_tissue` flags over its lowres
 * H&E (squidpy's test folder: the only real image in the shared data whose spots land on it; its positions list
 * holds 100 spots, all in tissue), and generated chips whose tissue is known tixel by tixel. The figures are printed
 * for the note.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tixelAt, type Roi } from '../grid/tixel-grid.js';
import { hasSharedData, sharedData } from '../testing.js';
import { parsePositions, parseScalefactors } from '../io/visium.js';
import { adaptiveMeanThreshold, blockSizeOf, rgbaToGrey, type GreyImage } from './adaptive-threshold.js';
import { AUTOFILL_THRESHOLD, maskBelow, tixelBoxSums, tixelMeans } from './autofill.js';
import { otsuThreshold } from './otsu.js';

/** The tool's defaults (spec 02 §9): C value and Neighborhood 7. */
const DEFAULT_BW = { block: blockSizeOf(7), c: 7 };
const percent = (agree: number, total: number) => `${((100 * agree) / total).toFixed(1)}%`;

function agreement(called: ArrayLike<number>, truth: ArrayLike<number>): number {
  let agree = 0;
  for (let i = 0; i < truth.length; i++) if (called[i] === truth[i]) agree++;
  return agree;
}

/** Mean of the pixels whose centre lies in a disc. */
function discMean({ width, height, data }: GreyImage, cx: number, cy: number, radius: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(cy - radius)); y <= Math.min(height - 1, Math.ceil(cy + radius)); y++)
    for (let x = Math.max(0, Math.floor(cx - radius)); x <= Math.min(width - 1, Math.ceil(cx + radius)); x++)
      if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius) {
        sum += data[y * width + x]!;
        n++;
      }
  return sum / n;
}

/** Least-squares a·row + b·col + c through the spots' pixel coordinates (Cramer's rule on the normal equations). */
function fitAxis(spots: Array<{ row: number; col: number; v: number }>): [number, number, number] {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const r = [0, 0, 0];
  for (const { row, col, v } of spots) {
    const a = [row, col, 1];
    for (let i = 0; i < 3; i++) {
      r[i]! += a[i]! * v;
      for (let j = 0; j < 3; j++) m[i]![j]! += a[i]! * a[j]!;
    }
  }
  const det = (q: number[][]) =>
    q[0]![0]! * (q[1]![1]! * q[2]![2]! - q[1]![2]! * q[2]![1]!) -
    q[0]![1]! * (q[1]![0]! * q[2]![2]! - q[1]![2]! * q[2]![0]!) +
    q[0]![2]! * (q[1]![0]! * q[2]![1]! - q[1]![1]! * q[2]![0]!);
  const d = det(m);
  const solve = (k: number) => det(m.map((row, i) => row.map((v, j) => (j === k ? r[i]! : v)))) / d;
  return [solve(0), solve(1), solve(2)];
}

const squidpy = 'visium-squidpy-tests/spatial';

describe("autofill's thresholds against Space Ranger's in_tissue (squidpy's Visium lowres H&E)", () => {
  it.runIf(hasSharedData(squidpy))('the automatic threshold agrees at least as well as the fixed default', async () => {
    const sharp = (await import('sharp')).default;
    const { data, info } = await sharp(fs.readFileSync(sharedData(squidpy, 'tissue_lowres_image.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = rgbaToGrey(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
    const bw = adaptiveMeanThreshold(grey, DEFAULT_BW.block, DEFAULT_BW.c);
    const { positions } = parsePositions(
      fs.readFileSync(sharedData(squidpy, 'tissue_positions_list.csv'), 'utf8'),
      'tissue_positions_list.csv',
      'visium',
    );
    const factors = parseScalefactors(
      fs.readFileSync(sharedData(squidpy, 'scalefactors_json.json'), 'utf8'),
      'scalefactors_json.json',
    );
    const scale = factors.tissue_lowres_scalef;
    const radius = (factors.spot_diameter_fullres * scale) / 2;
    const spots = positions.barcodes.map((_, i) => ({
      row: positions.arrayRow[i]!,
      col: positions.arrayCol[i]!,
      x: positions.pxlCol[i]! * scale,
      y: positions.pxlRow[i]! * scale,
    }));
    const truth = positions.inTissue;
    // The automatic threshold is computed over the whole capture area, as the tool's is over the whole ROI: every
    // spot of the 78 × 128 Visium array, placed by the array → pixel map fitted to the listed spots.
    const fx = fitAxis(spots.map((s) => ({ ...s, v: s.x })));
    const fy = fitAxis(spots.map((s) => ({ ...s, v: s.y })));
    const at = (row: number, col: number) => ({
      x: fx[0] * row + fx[1] * col + fx[2],
      y: fy[0] * row + fy[1] * col + fy[2],
    });
    for (const s of spots) expect(Math.hypot(at(s.row, s.col).x - s.x, at(s.row, s.col).y - s.y)).toBeLessThan(0.5);
    const array: number[] = [];
    const arrayBw: number[] = [];
    for (let row = 0; row < 78; row++)
      for (let col = row % 2; col < 128; col += 2) {
        const { x, y } = at(row, col);
        array.push(discMean(grey, x, y, radius));
        arrayBw.push(discMean(bw, x, y, radius));
      }
    const automatic = otsuThreshold(array)!;
    // Not truth (the list has no spot off tissue), but it shows neither threshold wins by calling everything tissue.
    const share = (means: number[], t: number) => percent(means.filter((v) => v < t).length, means.length);

    const fixedCalls = spots.map((s) => (discMean(bw, s.x, s.y, radius) < AUTOFILL_THRESHOLD ? 1 : 0));
    const automaticCalls = spots.map((s) => (discMean(grey, s.x, s.y, radius) < automatic ? 1 : 0));
    const fixed = agreement(fixedCalls, truth);
    const otsu = agreement(automaticCalls, truth);
    const n = truth.length;
    console.info(
      `squidpy Visium lowres: Otsu (${automatic.toFixed(1)} over ${array.length} array spots) ${percent(otsu, n)}` +
        ` vs fixed ${percent(fixed, n)} of ${n} spots (${truth.reduce((s, v) => s + v, 0)} in tissue);` +
        ` tissue called on ${share(array, automatic)} vs ${share(arrayBw, AUTOFILL_THRESHOLD)} of the array`,
    );
    expect(n).toBe(100);
    expect(otsu).toBeGreaterThanOrEqual(fixed);
  });
});

/** A chip image with tissue where `mask` says, as a generator of each pixel's grey level (0–255) from tissue or not. */
function chip(
  roi: Roi,
  channels: number,
  mask: Uint8Array,
  size: number,
  level: (onTissue: boolean, x: number, rand: () => number) => number,
): GreyImage {
  let s = 11;
  const rand = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const data = new Uint8Array(size * size);
  for (let i = 0; i < data.length; i++) data[i] = level(false, i % size, rand);
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) {
      if (!mask[row * channels + col]) continue;
      // The whole square a tixel and its gaps span: tissue does not stop at the channels.
      const { corners } = tixelAt(roi, channels, row, col);
      const pitch = (corners[1].x - corners[0].x) * 2;
      const x0 = Math.floor(corners[0].x - pitch / 4);
      const y0 = Math.floor(corners[0].y - pitch / 4);
      for (let y = y0; y < y0 + pitch; y++)
        for (let x = x0; x < x0 + pitch; x++) data[y * size + x] = level(true, x, rand);
    }
  return { width: size, height: size, data };
}

/** Tissue where a few lobes are: ~`share` of the grid. */
function lobes(channels: number, centres: Array<[number, number, number]>): Uint8Array {
  const mask = new Uint8Array(channels * channels);
  for (let r = 0; r < channels; r++)
    for (let c = 0; c < channels; c++)
      mask[r * channels + c] = centres.some(([cr, cc, rad]) => (r - cr) ** 2 + (c - cc) ** 2 < rad * rad) ? 1 : 0;
  return mask;
}

describe("autofill's thresholds on generated chips whose tissue is known", () => {
  const channels = 50;
  const size = 1000;
  const roi: Roi = [
    { x: 10, y: 10 },
    { x: 990, y: 10 },
    { x: 990, y: 990 },
    { x: 10, y: 990 },
  ];
  const run = (name: string, image: GreyImage, mask: Uint8Array) => {
    const fixedMask = maskBelow(
      tixelMeans(tixelBoxSums(adaptiveMeanThreshold(image, DEFAULT_BW.block, DEFAULT_BW.c), roi, channels)),
      AUTOFILL_THRESHOLD,
    );
    const means = tixelMeans(tixelBoxSums(image, roi, channels));
    const automatic = otsuThreshold(means)!;
    const fixed = agreement(fixedMask, mask);
    const otsu = agreement(maskBelow(means, automatic), mask);
    const onTissue = mask.reduce((s, v) => s + v, 0);
    console.info(
      `${name}: Otsu (${automatic.toFixed(1)}) ${percent(otsu, mask.length)} vs fixed ${percent(fixed, mask.length)}` +
        ` of ${mask.length} tixels (${onTissue} on tissue)`,
    );
    return { fixed, otsu, total: mask.length };
  };

  it('sparse, lightly stained tissue: the automatic threshold finds it, the fixed one does not', () => {
    // Three small lobes (~8 % of the grid), stained a little darker than the glass, with a lighting gradient.
    const mask = lobes(channels, [
      [12, 14, 5],
      [30, 36, 6],
      [40, 10, 4],
    ]);
    const image = chip(roi, channels, mask, size, (onTissue, x, rand) =>
      Math.round((onTissue ? 212 : 236) - (x * 8) / size + rand() * 8),
    );
    const { fixed, otsu, total } = run('sparse light tissue', image, mask);
    expect(otsu).toBeGreaterThanOrEqual(fixed);
    expect(otsu / total).toBeGreaterThanOrEqual(0.98);
  });

  it('solid dark tissue over much of the chip (a DBiT section): the fixed threshold misses its inside', () => {
    const mask = lobes(channels, [
      [24, 22, 16],
      [30, 34, 10],
    ]);
    const image = chip(roi, channels, mask, size, (onTissue, _x, rand) =>
      Math.round(onTissue ? 70 + rand() * 6 : 225 + rand() * 10),
    );
    const { fixed, otsu, total } = run('solid dark tissue', image, mask);
    expect(otsu).toBeGreaterThanOrEqual(fixed);
    expect(otsu / total).toBeGreaterThanOrEqual(0.98);
  });
});
