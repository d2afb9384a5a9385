/**
 * The explorer's top bar (spec 03 §2.1): the title (or the public viewer's `leading`), Run ID's, Metadata, Restart,
 * the gene/motif/eRegulon toggle, Background Color, Heat Map, the feature search and Genes/Motifs. The open run,
 * its kind and the chosen features come from the store; what the run offers and the buttons' effects on the rest
 * of the screen come from the Explorer.
 */
import { memo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { EXPLORER_MSG, type FeatureKind } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import type { FeatureNames } from '../data/featureNames';
import { usePrefetchFeatureValues } from '../data/featureValues';
import { runKey } from '../data/queryKeys';
import { chooseFeatures } from '../state/chooseFeatures';
import { useExplorer } from '../state/store';
import { BackgroundMenu, HeatMapMenu } from './ColourMenus';
import { FeatureSearch } from './FeatureSearch';

const KIND_BUTTONS: { kind: FeatureKind; label: string }[] = [
  { kind: 'genes', label: 'gene' },
  { kind: 'motifs', label: 'motif' },
  { kind: 'eRegulons', label: 'eRegulon' },
];

export interface TopBarProps {
  /** Public viewer: no Run ID's button. */
  publicMode: boolean;
  /** Replaces the title at the left (public viewer). */
  leading?: ReactNode;
  runSearchOpen: boolean;
  onToggleRunSearch: () => void;
  onOpenMetadata: () => void;
  onRestart: () => void;
  /** Data is loading: Restart waits. */
  loading: boolean;
  /** The kinds the open run offers. */
  kinds: FeatureKind[];
  /** The open run's feature names of the current kind. */
  names: FeatureNames | undefined;
  onOpenFeatureList: () => void;
}

export const TopBar = memo(function TopBar({
  publicMode,
  leading,
  runSearchOpen,
  onToggleRunSearch,
  onOpenMetadata,
  onRestart,
  loading,
  kinds,
  names,
  onOpenFeatureList,
}: TopBarProps) {
  const showSnack = useSnackbar();
  const s = useExplorer(
    useShallow((st) => ({ run: st.run, kind: st.kind, features: st.features, setKind: st.setKind })),
  );
  const welcome = s.run === null;
  const prefetchValues = usePrefetchFeatureValues(s.run, s.kind, names);
  return (
    <Paper
      square
      elevation={1}
      sx={{ px: 1, py: 0.75, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      {leading ?? (
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
          AtlasXplore{s.run?.run_id ? ` · ${s.run.run_id}` : ''}
        </Typography>
      )}
      {!publicMode && (
        <Button size="small" variant={runSearchOpen ? 'contained' : 'outlined'} onClick={onToggleRunSearch}>
          Run ID&apos;s
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        onClick={() => {
          if (!s.run) showSnack(EXPLORER_MSG.mustSelectRun, { color: 'error' });
          else onOpenMetadata();
        }}
      >
        Metadata
      </Button>
      <Tooltip title="Restart Whole Process">
        <span>
          <Button
            size="small"
            variant="outlined"
            startIcon={<RestartAlt />}
            disabled={welcome || loading}
            onClick={onRestart}
          >
            Restart
          </Button>
        </span>
      </Tooltip>
      <Divider orientation="vertical" flexItem />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={s.kind}
        onChange={(_, k: FeatureKind | null) => {
          if (k && k !== s.kind) s.setKind(k);
        }}
        aria-label="Feature type"
        disabled={welcome}
      >
        {KIND_BUTTONS.map(({ kind, label }) => (
          <ToggleButton
            key={kind}
            value={kind}
            disabled={!kinds.includes(kind)}
            sx={{ py: 0.25, textTransform: 'none' }}
          >
            {label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <BackgroundMenu />
      <HeatMapMenu />
      <Divider orientation="vertical" flexItem />
      <FeatureSearch
        key={`${runKey(s.run)}-${s.kind}`}
        kind={s.kind}
        names={names}
        features={s.features}
        disabled={welcome}
        onChange={chooseFeatures}
        onPick={prefetchValues}
      />
      <Button
        size="small"
        variant="outlined"
        disabled={welcome || !names}
        onClick={onOpenFeatureList}
        aria-haspopup="dialog"
      >
        Genes/Motifs
      </Button>
    </Paper>
  );
});
