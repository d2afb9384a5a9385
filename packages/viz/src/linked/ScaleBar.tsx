/**
 * A scale bar in microns on the spatial view (issue 38), for runs whose spatial units are known in microns: a bar
 * of a round length (1, 2 or 5 × 10^k µm) about a tenth of the view wide, redrawn as the view zooms.
 */
import type { Rect } from '../shared-deck/layout';
import { PLOT_OVERLAY_Z } from '../shared-deck/PlotsDeck';

/** The bar aims at this width (CSS px) and is at most this long. */
const TARGET_PX = 100;

/** The round length (µm) whose bar is closest below TARGET_PX at `pixelsPerMicron`. */
export function scaleBarMicrons(pixelsPerMicron: number): number {
  const raw = TARGET_PX / pixelsPerMicron;
  const decade = 10 ** Math.floor(Math.log10(raw));
  return [5, 2, 1].map((m) => m * decade).find((m) => m <= raw) ?? decade;
}

export const scaleBarLabel = (microns: number): string =>
  microns >= 1000 ? `${microns / 1000} mm` : `${Number(microns.toPrecision(3))} µm`;

export function ScaleBar({ rect, pixelsPerMicron }: { rect: Rect; pixelsPerMicron: number }) {
  if (!(pixelsPerMicron > 0) || !Number.isFinite(pixelsPerMicron)) return null;
  const microns = scaleBarMicrons(pixelsPerMicron);
  const width = microns * pixelsPerMicron;
  return (
    <div
      data-testid="scale-bar"
      data-microns={microns}
      data-width-px={width.toFixed(1)}
      style={{
        position: 'absolute',
        left: rect.x + rect.width - width - 24,
        top: rect.y + rect.height - 40,
        zIndex: PLOT_OVERLAY_Z,
        padding: '2px 6px',
        borderRadius: 4,
        background: 'rgba(255,255,255,0.75)',
        font: '12px sans-serif',
        color: '#000',
        pointerEvents: 'none',
        textAlign: 'center',
      }}
    >
      <div>{scaleBarLabel(microns)}</div>
      <div style={{ width, height: 4, background: '#000', marginTop: 2 }} />
    </div>
  );
}
