import { describe, expect, it } from 'vitest';
import { SLIMS_BARCODE_DEFAULT } from '@atlas/contracts';
import {
  clampCrop,
  cornerAt,
  cropCorners,
  initialCrop,
  initialRoi,
  pointsOf,
  resizeCrop,
  rotatedSize,
  snapToParallelogram,
  tixelCentres,
  tixelsInBrush,
} from './geometry';
import { metadataFromSlims } from './metadata';

describe('tool geometry', () => {
  it('starts the crop as the largest centred square (a square image whole), and keeps it on the image', () => {
    expect(initialCrop({ width: 600, height: 600 })).toEqual({ x: 0, y: 0, side: 600 });
    expect(initialCrop({ width: 1000, height: 800 })).toEqual({ x: 100, y: 0, side: 800 });
    expect(initialCrop({ width: 473, height: 600 })).toEqual({ x: 0, y: 64, side: 473 });
    expect(clampCrop({ x: -5, y: 10, side: 100 }, { width: 200, height: 200 })).toEqual({
      box: { x: 0, y: 10, side: 100 },
      clamped: true,
    });
    expect(clampCrop({ x: 50, y: 50, side: 500 }, { width: 300, height: 200 }).box).toEqual({ x: 50, y: 0, side: 200 });
    expect(clampCrop({ x: 5, y: 5, side: 50 }, { width: 300, height: 200 }).clamped).toBe(false);
  });

  it('resizes the crop from any corner, holding the opposite one, square and on the image', () => {
    const box = { x: 0, y: 0, side: 600 };
    const size = { width: 600, height: 600 };
    expect(cropCorners(box)).toEqual([
      { x: 0, y: 0 },
      { x: 600, y: 0 },
      { x: 600, y: 600 },
      { x: 0, y: 600 },
    ]);
    // TL dragged in: BR stays at 600, 600.
    expect(resizeCrop(box, 0, { x: 100, y: 150 }, size)).toEqual({
      box: { x: 100, y: 100, side: 500 },
      clamped: false,
    });
    // TR dragged in: BL stays at 0, 600.
    expect(resizeCrop(box, 1, { x: 450, y: 120 }, size)).toEqual({ box: { x: 0, y: 120, side: 480 }, clamped: false });
    // BL dragged in, then BR dragged past the image: held at the edge, with the warning.
    expect(resizeCrop(box, 3, { x: 200, y: 380 }, size)).toEqual({ box: { x: 200, y: 0, side: 400 }, clamped: false });
    const small = { x: 100, y: 100, side: 200 };
    expect(resizeCrop(small, 2, { x: 700, y: 650 }, size)).toEqual({
      box: { x: 100, y: 100, side: 500 },
      clamped: true,
    });
    expect(resizeCrop(small, 0, { x: 400, y: 400 }, size).box.side).toBe(1);
  });

  it('starts the ROI 15 % in and finds corners by distance', () => {
    const roi = initialRoi({ width: 100, height: 200 });
    expect(pointsOf(roi)).toEqual([15, 30, 85, 30, 85, 170, 15, 170]);
    expect(cornerAt(roi, { x: 84, y: 168 }, 5)).toBe(2);
    expect(cornerAt(roi, { x: 50, y: 100 }, 5)).toBe(-1);
  });

  it('snaps BR of points recorded without a grid rule onto the parallelogram', () => {
    const snapped = snapToParallelogram([
      { x: 0, y: 0 },
      { x: 10, y: 1 },
      { x: 19, y: 19 },
      { x: 1, y: 10 },
    ]);
    expect(snapped[2]).toEqual({ x: 11, y: 11 });
  });

  it('sizes a turned image as sharp does', () => {
    expect(rotatedSize({ width: 100, height: 60 }, 45)).toEqual({ width: 113, height: 113 });
    expect(rotatedSize({ width: 990, height: 500 }, 90)).toEqual({ width: 500, height: 990 });
  });

  it('brushes the tixels whose centre is within the radius', () => {
    const centres = tixelCentres(initialRoi({ width: 100, height: 100 }), 3);
    // 3 channels over 70 px: 5 steps of 14 px; centres at 22, 50, 78.
    expect(centres[0]).toBeCloseTo(22);
    expect(tixelsInBrush(centres, { x: 50, y: 50 }, 1)).toEqual([4]);
    expect(tixelsInBrush(centres, { x: 50, y: 50 }, 30).sort()).toEqual([1, 3, 4, 5, 7]);
  });

  it('maps a SLIMS slide onto the form: workflow → assay, barcode mapping 5 (96)', () => {
    const { metadata, mapping } = metadataFromSlims({
      cntn_cf_fk_workflow: 'wt_dbit-seq',
      cntn_cf_fk_organ: 'Brain',
      cntn_cf_sampleId: 'S1',
      comments_flowA: 'ok',
    });
    expect(metadata).toMatchObject({ assay: 'Transcriptome', organ: 'Brain', sampleID: 'S1', comments_flowA: 'ok' });
    expect(mapping).toBe(SLIMS_BARCODE_DEFAULT);
  });
});
