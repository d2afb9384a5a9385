import { describe, expect, it } from 'vitest';
import { ValuePointsLayer } from '../layers/ValuePointsLayer';
import { ValueScatterLayer } from '../layers/ValueScatterLayer';
import { linkedLayers, pointsColormap, pointsData, type LinkedLayersArgs } from './layers';
import { layerInItsView, linkedViewIds, linkedViewRects } from './views';

const embedding = new Float32Array([0, 0, 1, 1, 2, 2]);
const spatial = new Float32Array([5, 5, 6, 6]);
const values = { value: new Float32Array([0, 1, 0]), size: 1 };

const args = (over: Partial<LinkedLayersArgs> = {}): LinkedLayersArgs => ({
  viewIds: ['embedding', 'spatial'],
  data: {
    embedding: pointsData({ value: embedding, size: 2 }, values, null),
    spatial: pointsData({ value: spatial, size: 2 }, values, null),
  },
  hasSpatial: true,
  tissueImage: null,
  colormap: pointsColormap('categorical', 'jet', ['#ff0000', '#00ff00'], undefined, '#000000'),
  colorMode: 'categorical',
  range: [0, 1],
  categoryCount: 2,
  n: 3,
  diameterPx: 4.5,
  spotDiameter: undefined,
  dimmed: false,
  dimOpacity: 0.15,
  spatialPointOpacity: 1,
  pickable: false,
  ...over,
});

describe('LinkedPlots views', () => {
  it('puts the embedding left and the spatial view right, equally wide; one view takes the whole width', () => {
    expect(linkedViewIds(embedding, spatial)).toEqual(['embedding', 'spatial']);
    expect(linkedViewIds(embedding, null)).toEqual(['embedding']);
    expect(linkedViewRects(['embedding', 'spatial'], 1000, 500)).toEqual([
      { id: 'embedding', x: 0, y: 0, width: 500, height: 500 },
      { id: 'spatial', x: 500, y: 0, width: 500, height: 500 },
    ]);
    expect(linkedViewRects(['spatial'], 1000, 500)).toEqual([{ id: 'spatial', x: 0, y: 0, width: 1000, height: 500 }]);
    expect(layerInItsView({ id: 'spatial-gl-points' }, 'spatial')).toBe(true);
    expect(layerInItsView({ id: 'spatial-gl-points' }, 'embedding')).toBe(false);
  });
});

describe('linkedLayers', () => {
  it('draws unpicked points of pixel size as GL points, one layer per view, as many points as both arrays hold', () => {
    const layers = linkedLayers(args());
    expect(layers.map((l) => l.id)).toEqual(['embedding-gl-points', 'spatial-gl-points']);
    expect(layers.every((l) => l instanceof ValuePointsLayer)).toBe(true);
    expect(pointsData({ value: spatial, size: 2 }, values, null)!.length).toBe(2);
  });

  it('draws picked points and spots of their physical size as circles, over the tissue image', () => {
    const image = { image: 'data:,', bounds: [0, 1, 1, 0] as [number, number, number, number] };
    const layers = linkedLayers(args({ pickable: true, tissueImage: image, spotDiameter: 2 }));
    expect(layers.map((l) => l.id)).toEqual(['spatial-image', 'embedding-points', 'spatial-points']);
    expect(layers.slice(1).every((l) => l instanceof ValueScatterLayer)).toBe(true);
    expect(layers[2]!.props).toMatchObject({ radiusUnits: 'common', getRadius: 1 });
    expect(layers[1]!.props).toMatchObject({ radiusUnits: 'pixels', getRadius: 2.25 });
  });
});
