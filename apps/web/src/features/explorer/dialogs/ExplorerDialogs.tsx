import { memo } from 'react';
/**
 * The dialogs the explorer's bars open over the plots — Metadata, Color Configuration, Min/Max Range, the
 * selection's ranking and Genes/Motifs — wired to the store. At most one of the first four is open (`open`); the
 * ranking opens by itself when a selection's result arrives.
 */
import { useShallow } from 'zustand/react/shallow';
import { ANNOTATION_MSG } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { useObservationNoun } from '../data/cellOutlines';
import { useSaveClusterColours, useSharedClusterColours } from '../data/clusterColours';
import type { FeatureNames } from '../data/featureNames';
import type { RunMeta } from '../data/runMeta';
import type { Colouring } from '../plots/useColouring';
import type { SelectionRanking } from '../plots/useSelectionRanking';
import { markRecolour } from '../plots/timings';
import { chooseFeatures } from '../state/chooseFeatures';
import { useExplorer } from '../state/store';
import { ColorConfigDialog } from './ColorConfigDialog';
import { FeatureListDialog } from './FeatureListDialog';
import { MetadataDialog } from './MetadataDialog';
import { RangeDialog } from './RangeDialog';
import { SelectionDialog } from './SelectionDialog';

export type ExplorerDialog = 'metadata' | 'colors' | 'range' | 'featureList';

const NO_COLORS: Record<string, string> = {};

export interface ExplorerDialogsProps {
  open: ExplorerDialog | null;
  onClose: () => void;
  meta: RunMeta | null;
  colouring: Colouring;
  ranking: SelectionRanking;
  /** The open run's feature names of the current kind. */
  names: FeatureNames | undefined;
}

/**
 * The colouring feeds only Color Configuration and Min/Max Range: while neither is open, a new colouring (every gene
 * picked) does not render the dialogs again. Every other prop is compared as usual.
 */
const sameWhileColoursClosed = (a: ExplorerDialogsProps, b: ExplorerDialogsProps): boolean =>
  a.open === b.open &&
  a.onClose === b.onClose &&
  a.meta === b.meta &&
  a.ranking === b.ranking &&
  a.names === b.names &&
  (a.colouring === b.colouring || (a.open !== 'colors' && a.open !== 'range'));

export const ExplorerDialogs = memo(function ExplorerDialogs({
  open,
  onClose,
  meta,
  colouring,
  ranking,
  names,
}: ExplorerDialogsProps) {
  const s = useExplorer(
    useShallow((st) => ({
      run: st.run,
      kind: st.kind,
      features: st.features,
      clusterColors: st.clusterColors,
      patch: st.patch,
    })),
  );
  const runId = s.run?.run_id ?? null;
  const noun = useObservationNoun();
  const shared = useSharedClusterColours(s.run);
  const saveColours = useSaveClusterColours(runId);
  const showSnack = useSnackbar();
  return (
    <>
      <MetadataDialog open={open === 'metadata'} meta={meta} onClose={onClose} />
      <ColorConfigDialog
        open={open === 'colors'}
        names={colouring.categories?.names ?? []}
        colors={colouring.categoryColors}
        onClose={onClose}
        onApply={(overrides) => {
          markRecolour('cluster colours');
          const clusterColors = { ...(s.clusterColors ?? NO_COLORS), ...overrides };
          s.patch({ clusterColors });
          // Kept for the run's group when the caller may change the run; the address keeps them for everyone.
          if (runId && shared.editable)
            saveColours.mutate(clusterColors, {
              onSuccess: () => showSnack(ANNOTATION_MSG.coloursSaved, { color: 'success' }),
              onError: (error) => showSnack(error.message, { color: 'error' }),
            });
          onClose();
        }}
      />
      <RangeDialog
        open={open === 'range'}
        current={colouring.range}
        onClose={onClose}
        onReset={() => {
          markRecolour('range');
          s.patch({ range: null });
          onClose();
        }}
        onApply={(r) => {
          markRecolour('range');
          s.patch({ range: r });
          onClose();
        }}
      />
      <SelectionDialog
        open={ranking.resultOpen}
        runId={s.run?.run_id ?? meta?.run_id ?? ''}
        result={ranking.result}
        test={ranking.test}
        onTestChange={ranking.setTest}
        running={ranking.running}
        onSave={ranking.fullTable}
        onClose={() => ranking.setResultOpen(false)}
        noun={noun}
      />
      <FeatureListDialog
        open={open === 'featureList'}
        onClose={onClose}
        kind={s.kind}
        names={names?.names ?? []}
        features={s.features}
        onChange={chooseFeatures}
      />
    </>
  );
}, sameWhileColoursClosed);
