import type { ClipboardEvent } from 'react';
import { EXPLORER_MSG, type FeatureKind } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { cleanFeatureName, matchFeatureNames, splitNameList } from './nameMatching';

/**
 * Adds a pasted or uploaded list of names to the chosen features by the spec's rules (03 §5: punctuation stripped,
 * exact or first-letter-capitalised, unknown and duplicate names ignored) and says what was found (03 §8). The
 * top-bar search and the Genes/Motifs dialog both go through here so that a list means the same in either.
 */
export function usePastedNames(
  kind: FeatureKind,
  known: readonly string[] | ReadonlySet<string> | undefined,
  features: readonly string[],
  onChange: (features: string[]) => void,
) {
  const showSnack = useSnackbar();

  const addNames = (tokens: string[]) => {
    if (!known) return;
    const { matched, unknown } = matchFeatureNames(tokens, known, features);
    // Dropped names are reported, never lost silently: 'n of m found; not found: …'.
    const missing = [...new Set(unknown)];
    const total = new Set(tokens.map(cleanFeatureName).filter(Boolean)).size;
    const report = missing.length ? EXPLORER_MSG.namesNotFound(total - missing.length, total, missing) : null;
    if (!matched.length) {
      showSnack(report ? `${EXPLORER_MSG.noMatches}: ${report}` : EXPLORER_MSG.noMatches, { color: 'warning' });
      return;
    }
    onChange([...features, ...matched]);
    const found = EXPLORER_MSG.featureFound(kind, matched.join(', '));
    showSnack(report ? `${found}. ${report}` : found, { color: report ? 'warning' : 'success' });
  };

  /**
   * Takes over a paste of two or more names (true) so the list is applied at once instead of landing in the box;
   * a single name is left to be typed on (false).
   */
  const pasteList = (event: ClipboardEvent): boolean => {
    const tokens = splitNameList(event.clipboardData.getData('text'));
    if (tokens.length < 2) return false;
    event.preventDefault();
    addNames(tokens);
    return true;
  };

  return { addNames, pasteList };
}
