/**
 * Single-view plots for places that show one view (public viewer panels, thumbnails). Each is a
 * {@link LinkedPlots} with one view; outside a PlotsDeck each owns a WebGL context. Where two views show together,
 * use LinkedPlots itself, and put every plot of a page in one PlotsDeck (one context per page, DESIGN §6).
 */
import { LinkedPlots, type LinkedPlotsProps } from './LinkedPlots';

export type SinglePlotProps = Omit<LinkedPlotsProps, 'embedding' | 'spatial'> & {
  /** x,y interleaved coordinates, one pair per tixel. */
  positions: Float32Array;
};

/** The spatial plot alone (y down, optional tissue image and physical spot size). */
export function SpatialPlot({ positions, ...rest }: SinglePlotProps) {
  return <LinkedPlots {...rest} spatial={positions} embedding={null} />;
}

/** The embedding (UMAP) plot alone (y up). */
export function EmbeddingPlot({ positions, ...rest }: SinglePlotProps) {
  return <LinkedPlots {...rest} embedding={positions} spatial={null} />;
}
