import { useState } from 'react';
import { ATLASBROWSER_MSG } from '@atlas/contracts';
import type { ShowSnack } from '../../app/feedback';
import { fetchStored } from './api';
import { clampCrop, initialCrop, type Box as CropBox } from './geometry';
import { canvasFromBlob, cropCanvas, flipCanvas, orientCanvas } from './imageOps';
import { clockwise, mirrored, turned, UPRIGHT, type Axis, type Orientation } from './orientation';

/** The BSA image and, when the run has one, the postB image, drawn the same way. */
export interface ImagePair {
  bsa: HTMLCanvasElement;
  postB: HTMLCanvasElement | null;
}
export interface Sources extends ImagePair {
  bsaKey: string;
  /** The stored image shown as the PostB background (the user's choice), cropped into figure/ with the BSA one. */
  postBKey?: string | null;
}
export type CropArea = [number, number, number, number];

const mapPair = (pair: ImagePair, draw: (c: HTMLCanvasElement) => HTMLCanvasElement): ImagePair => ({
  bsa: draw(pair.bsa),
  postB: pair.postB ? draw(pair.postB) : null,
});

/**
 * The image steps of the tool panel (spec 02 §4.3): rotation, mirroring and crop of the source images, giving the
 * working images the ROI, threshold and brush act on. Each step throws away the processing after it (`onReset`).
 */
export function useImageTransform(opts: { token: string | null; bucket: string; onReset(): void; snack: ShowSnack }) {
  const [sources, setSources] = useState<Sources | null>(null);
  const [orientation, setOrientation] = useState<Orientation>(UPRIGHT);
  const [rotationStep, setRotationStep] = useState<90 | 45>(90);
  const [oriented, setOriented] = useState<ImagePair | null>(null);
  const [crop, setCrop] = useState<CropBox | null>(null);
  const [cropArea, setCropArea] = useState<CropArea | null>(null);
  const [working, setWorking] = useState<ImagePair | null>(null);

  /** New source images as they are, or (update mode) a folder's already turned and cropped images. */
  const start = (next: Sources | null, recorded: { orientation: Orientation; cropArea: CropArea | null } | null) => {
    setSources(next);
    setOrientation(recorded?.orientation ?? UPRIGHT);
    setOriented(next);
    setWorking(next);
    setCropArea(recorded?.cropArea ?? null);
    setCrop(null);
  };

  const orient = async (next: Orientation) => {
    if (!sources) return;
    opts.onReset();
    setCrop(null);
    setCropArea(null);
    let pair: ImagePair;
    try {
      pair = mapPair(sources, (c) => orientCanvas(c, next));
    } catch {
      // The canvas could not be made (too large for this browser): the server turns the image instead.
      try {
        const blob = await fetchStored(opts.token, opts.bucket, sources.bsaKey, { rotation: clockwise(next.rotation) });
        pair = { bsa: flipCanvas(await canvasFromBlob(blob), next.horizontal_flip, next.vertical_flip), postB: null };
      } catch {
        return opts.snack(ATLASBROWSER_MSG.imageLoadFailed, { color: 'error' });
      }
    }
    setOriented(pair);
    setWorking(pair);
    setOrientation(next);
  };

  return {
    sources,
    orientation,
    rotationStep,
    setRotationStep,
    crop,
    cropArea,
    working,
    start,
    rotate: (direction: 'left' | 'right') => orient(turned(orientation, direction, rotationStep)),
    flip: (axis: Axis) => orient(mirrored(orientation, axis)),
    /** Crop starts again from the whole turned image. */
    activateCrop(): boolean {
      if (!oriented) return false;
      opts.onReset();
      setWorking(oriented);
      setCropArea(null);
      setCrop(initialCrop(oriented.bsa));
      return true;
    },
    moveCrop(box: CropBox, clamped: boolean) {
      setCrop(box);
      if (clamped) opts.snack(ATLASBROWSER_MSG.keepCroppingOnImage, { color: 'warning' });
    },
    confirmCrop(): boolean {
      if (!oriented || !crop) return false;
      const box = clampCrop(crop, oriented.bsa).box;
      setWorking(mapPair(oriented, (c) => cropCanvas(c, box)));
      setCropArea([box.x, box.y, box.x + box.side, box.y + box.side]);
      setCrop(null);
      return true;
    },
  };
}
