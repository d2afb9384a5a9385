/**
 * Is the tissue image under the spots? (issue 32 §1: a placeholder drawn at the wrong scale covered a third of the
 * spots.) The screen is read between neighbouring spots, where only the image is drawn: there it must show the
 * source image's own colour at that full-resolution position times the image's scale factor — and be closer to it
 * than to the image a few pixels away, so that a shifted or rescaled image fails.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { sharedData } from '@atlas/spatial/testing';
import type { TissueSource } from './real-data-sets';
import { unsImage } from './real-data-import';

export interface SourceImage {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Full-resolution px → this image's px. */
  scalef: number;
}

/** The data set's own image and scale factor, read from the file (not from the run the importer made). */
export async function sourceImage(source: TissueSource): Promise<SourceImage> {
  if ('uns' in source) return unsImage(source.uns, source.resolution);
  const { data, info } = await sharp(sharedData(source.png)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const factors = JSON.parse(fs.readFileSync(sharedData(source.scalefactors), 'utf8')) as Record<string, number>;
  return { rgb: new Uint8Array(data), width: info.width, height: info.height, scalef: factors[source.key]! };
}

type RGB = [number, number, number];

/** The image's colour at (u, v) image px, bilinear between pixel centres. */
function sample(image: SourceImage, u: number, v: number): RGB {
  const x = Math.min(Math.max(u - 0.5, 0), image.width - 1);
  const y = Math.min(Math.max(v - 0.5, 0), image.height - 1);
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [x1, y1] = [Math.min(x0 + 1, image.width - 1), Math.min(y0 + 1, image.height - 1)];
  const [fx, fy] = [x - x0, y - y0];
  const at = (px: number, py: number, c: number) => image.rgb[(py * image.width + px) * 3 + c]!;
  return [0, 1, 2].map(
    (c) =>
      (at(x0, y0, c) * (1 - fx) + at(x1, y0, c) * fx) * (1 - fy) + (at(x0, y1, c) * (1 - fx) + at(x1, y1, c) * fx) * fy,
  ) as RGB;
}

type Point = [number, number];

/**
 * The midpoint of each spot and its nearest neighbour, kept where it lies at least `clear` beyond both spots' rims
 * (`radius`): points of the plot where the image alone is drawn. Coordinates are the run's (full-resolution px).
 */
export function gapsBetween(spots: Point[], radius: number, clear: number): Point[] {
  const pairs = new Map<string, Point>();
  spots.forEach(([x, y], i) => {
    let nearest = -1;
    let best = Infinity;
    spots.forEach(([u, v], j) => {
      const d = Math.hypot(u - x, v - y);
      if (j !== i && d < best) [nearest, best] = [j, d];
    });
    if (nearest < 0 || best / 2 - radius < clear) return;
    const [u, v] = spots[nearest]!;
    pairs.set([i, nearest].sort((a, b) => a - b).join(), [(x + u) / 2, (y + v) / 2]);
  });
  return [...pairs.values()];
}

/**
 * Mean absolute difference (0–255 per channel) between the screen's colours at `points` and the source image at
 * those positions shifted by (du, dv) image px.
 */
export function placementError(image: SourceImage, points: Point[], seen: RGB[], [du, dv]: Point = [0, 0]): number {
  let sum = 0;
  points.forEach(([x, y], i) => {
    const expected = sample(image, x * image.scalef + du, y * image.scalef + dv);
    for (let c = 0; c < 3; c++) sum += Math.abs(seen[i]![c]! - expected[c]!);
  });
  return sum / (3 * points.length);
}
