/** Colours shared by the plots, the legends and the panels, pure. */
import { BACKGROUND_COLORS, heatBarShades, type BackgroundName } from '@atlas/viz/core';

/** Cluster colours: the Color Configuration overrides, else the fixed palette by cluster position. */
export function clusterColour(
  palette: readonly string[],
  overrides: Record<string, string>,
  name: string,
  index: number,
): string {
  return overrides[name] ?? palette[index % palette.length]!;
}

/** The CSS colour behind the plots: a named background, or with 'heatmap' the low end of the palette's table. */
export function backgroundCss(background: BackgroundName | 'heatmap', lut: Uint8Array): string {
  return background === 'heatmap' ? heatBarShades(lut, 2)[0]! : BACKGROUND_COLORS[background];
}
