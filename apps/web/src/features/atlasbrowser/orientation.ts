/** Turned `rotation` degrees counter-clockwise, then mirrored (the order the task applies them in). */
export interface Orientation {
  rotation: number;
  horizontal_flip: boolean;
  vertical_flip: boolean;
}
export type Axis = 'horizontal' | 'vertical';

export const UPRIGHT: Orientation = { rotation: 0, horizontal_flip: false, vertical_flip: false };

const degrees = (d: number) => ((d % 360) + 360) % 360;

export const turned = (o: Orientation, direction: 'left' | 'right', step: number): Orientation => ({
  ...o,
  rotation: degrees(o.rotation + (direction === 'left' ? step : -step)),
});

export const mirrored = (o: Orientation, axis: Axis): Orientation =>
  axis === 'horizontal' ? { ...o, horizontal_flip: !o.horizontal_flip } : { ...o, vertical_flip: !o.vertical_flip };

/** The orientation a spatial folder's metadata.json recorded (older folders have only the rotation). */
export function orientationOf(json: unknown): Orientation {
  const o = (json ?? {}) as Partial<Record<keyof Orientation, unknown>>;
  return {
    rotation: degrees(Number(o.rotation ?? 0) || 0),
    horizontal_flip: o.horizontal_flip === true,
    vertical_flip: o.vertical_flip === true,
  };
}

/** Clockwise degrees of the server's image route for the tool's counter-clockwise rotation. */
export const clockwise = (ccw: number) => degrees(-ccw);
