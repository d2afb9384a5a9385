import { markRecolour } from '../plots/timings';
import { useExplorer } from './store';

/**
 * Chooses features from the top-bar search or the Genes/Motifs list. Going back to none recolours the plots by
 * cluster, which the timing marks record as such.
 */
export function chooseFeatures(features: string[]): void {
  useExplorer.getState().setFeatures(features);
  if (features.length === 0) markRecolour('clusters');
}
