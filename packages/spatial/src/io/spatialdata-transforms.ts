/**
 * SpatialData's coordinate transformations (NGFF 0.5-dev, as spatialdata ≥ 0.1 writes them): each element lists
 * `coordinateTransformations`, one per coordinate system (`output.name`, e.g. 'global'), of type identity, scale,
 * translation, affine or a sequence of those; scale and translation vectors follow the input axes (c, y, x for an
 * image), an affine's rows the output axes and its columns the input axes plus one. Only the x-y plane matters
 * here, so each becomes a 2-D affine map; a type this reader does not know (mapAxis, a 3-D rotation) makes the
 * element unplaceable in that system rather than wrongly placed.
 */

/** x' = a·x + b·y + c, y' = d·x + e·y + f. */
export interface Affine2D {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const IDENTITY: Affine2D = { a: 1, b: 0, c: 0, d: 0, e: 1, f: 0 };

interface NgffAxis {
  name?: string;
}

interface NgffTransform {
  type?: string;
  scale?: number[];
  translation?: number[];
  affine?: number[][];
  transformations?: NgffTransform[];
  input?: { name?: string; axes?: (NgffAxis | string)[] };
  output?: { name?: string; axes?: (NgffAxis | string)[] };
}

/** Coordinate system name → the map from the element's own (intrinsic) x, y into it. */
export function transformsBySystem(raw: unknown, axes: readonly string[]): Map<string, Affine2D | null> {
  const systems = new Map<string, Affine2D | null>();
  if (!Array.isArray(raw)) return systems;
  for (const t of raw as NgffTransform[]) {
    const system = t.output?.name;
    if (typeof system === 'string') systems.set(system, toAffine(t, axes));
  }
  return systems;
}

/** One NGFF transformation as a 2-D affine map, or null when it is of a kind not handled here. */
export function toAffine(t: NgffTransform, defaultAxes: readonly string[]): Affine2D | null {
  const inAxes = axisNames(t.input?.axes) ?? defaultAxes;
  const outAxes = axisNames(t.output?.axes) ?? inAxes;
  const at = (values: number[] | undefined, axis: string, fallback: number): number => {
    const i = inAxes.indexOf(axis);
    const v = i >= 0 ? values?.[i] : undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  };
  switch (t.type) {
    case 'identity':
      return IDENTITY;
    case 'scale':
      if (!Array.isArray(t.scale)) return null;
      return { ...IDENTITY, a: at(t.scale, 'x', 1), e: at(t.scale, 'y', 1) };
    case 'translation':
      if (!Array.isArray(t.translation)) return null;
      return { ...IDENTITY, c: at(t.translation, 'x', 0), f: at(t.translation, 'y', 0) };
    case 'affine': {
      const m = t.affine;
      if (!Array.isArray(m)) return null;
      const row = (axis: string) => m[outAxes.indexOf(axis)];
      const rx = row('x');
      const ry = row('y');
      if (!rx || !ry) return null;
      const col = (r: number[], axis: string) => r[inAxes.indexOf(axis)] ?? NaN;
      const out = {
        a: col(rx, 'x'),
        b: col(rx, 'y'),
        c: rx[inAxes.length] ?? NaN,
        d: col(ry, 'x'),
        e: col(ry, 'y'),
        f: ry[inAxes.length] ?? NaN,
      };
      return Object.values(out).every(Number.isFinite) ? out : null;
    }
    case 'sequence': {
      if (!Array.isArray(t.transformations)) return null;
      let total: Affine2D | null = IDENTITY;
      for (const step of t.transformations) {
        const next = toAffine(step, inAxes);
        total = next && total && compose(next, total);
      }
      return total;
    }
    default:
      return null;
  }
}

function axisNames(axes: (NgffAxis | string)[] | undefined): string[] | undefined {
  if (!Array.isArray(axes)) return undefined;
  return axes.map((a) => (typeof a === 'string' ? a : String(a.name)));
}

/** `outer` after `inner`. */
export function compose(outer: Affine2D, inner: Affine2D): Affine2D {
  return {
    a: outer.a * inner.a + outer.b * inner.d,
    b: outer.a * inner.b + outer.b * inner.e,
    c: outer.a * inner.c + outer.b * inner.f + outer.c,
    d: outer.d * inner.a + outer.e * inner.d,
    e: outer.d * inner.b + outer.e * inner.e,
    f: outer.d * inner.c + outer.e * inner.f + outer.f,
  };
}

export function invert(m: Affine2D): Affine2D | null {
  const det = m.a * m.e - m.b * m.d;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  const a = m.e / det;
  const b = -m.b / det;
  const d = -m.d / det;
  const e = m.a / det;
  return { a, b, c: -(a * m.c + b * m.f), d, e, f: -(d * m.c + e * m.f) };
}

export function apply(m: Affine2D, x: number, y: number): [number, number] {
  return [m.a * x + m.b * y + m.c, m.d * x + m.e * y + m.f];
}

/** How far the map stretches lengths, on average over x and y (for a spot's diameter). */
export function lengthScale(m: Affine2D): number {
  return Math.sqrt(Math.abs(m.a * m.e - m.b * m.d));
}
