/**
 * The explorer's top bar (spec 03 §2.1): the title (or the public viewer's `leading`), Run ID's, Metadata, Restart,
 * the gene/motif/eRegulon toggle, Background Color, Heat Map, the feature search and Genes/Motifs. The open run,
 * its kind and the chosen features come from the store; what the run offers and the buttons' effects on the rest
 * of the screen come from the Explorer. Its parts are memoised apart: a gene pick changes the features (the search
 * alone) and the loading state (Restart alone), and re-rendering every button and tooltip of the bar cost ~15 ms
 * of each pick on a 2-core machine.
 */
import { memo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Box from '@mui/material/Box';
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
import { EXPLORER_FRAME, TOP_BAR_TWO_LINES } from '../layout';

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
  onRestart,
  loading,
  kinds,
  names,
  onOpenFeatureList,
  ...runButtons
}: TopBarProps) {
  const welcome = useExplorer((st) => st.run === null);
  return (
    <Paper
      square
      elevation={1}
      sx={{
        px: 1,
        py: 0.75,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: EXPLORER_FRAME.topBar.height,
        // Two lines by design below the width that holds one (layout.ts): the plots' place is known before it arrives.
        [`@media ${TOP_BAR_TWO_LINES}`]: {
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'center',
          minHeight: EXPLORER_FRAME.topBar.twoLineHeight,
        },
      }}
    >
      <Box sx={{ ...LINE, flex: 'none' }}>
        <RunButtons {...runButtons} />
        <RestartButton disabled={welcome || loading} onRestart={onRestart} />
        <Divider orientation="vertical" flexItem />
        <KindToggle kinds={kinds} />
        <BackgroundMenu />
        <HeatMapMenu />
        <Divider orientation="vertical" flexItem sx={{ [`@media ${TOP_BAR_TWO_LINES}`]: { display: 'none' } }} />
      </Box>
      <Box sx={{ ...LINE, flex: '1 1 auto', minWidth: 0 }}>
        <FeatureSearchBox names={names} />
        <FeatureListButton disabled={welcome || !names} onOpen={onOpenFeatureList} />
      </Box>
    </Paper>
  );
});

/** One line of the bar's parts. */
const LINE = { display: 'flex', alignItems: 'center', gap: 1 } as const;

const RunButtons = memo(function RunButtons({
  publicMode,
  leading,
  runSearchOpen,
  onToggleRunSearch,
  onOpenMetadata,
}: Pick<TopBarProps, 'publicMode' | 'leading' | 'runSearchOpen' | 'onToggleRunSearch' | 'onOpenMetadata'>) {
  const showSnack = useSnackbar();
  const runId = useExplorer((st) => st.run?.run_id ?? null);
  const hasRun = useExplorer((st) => st.run !== null);
  return (
    <>
      {leading ?? (
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
          AtlasXplore{runId ? ` · ${runId}` : ''}
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
          if (!hasRun) showSnack(EXPLORER_MSG.mustSelectRun, { color: 'error' });
          else onOpenMetadata();
        }}
      >
        Metadata
      </Button>
    </>
  );
});

const RestartButton = memo(function RestartButton({
  disabled,
  onRestart,
}: {
  disabled: boolean;
  onRestart: () => void;
}) {
  return (
    <Tooltip title="Restart Whole Process">
      <span>
        <Button size="small" variant="outlined" startIcon={<RestartAlt />} disabled={disabled} onClick={onRestart}>
          Restart
        </Button>
      </span>
    </Tooltip>
  );
});

const KindToggle = memo(function KindToggle({ kinds }: { kinds: FeatureKind[] }) {
  const s = useExplorer(useShallow((st) => ({ welcome: st.run === null, kind: st.kind, setKind: st.setKind })));
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={s.kind}
      onChange={(_, k: FeatureKind | null) => {
        if (k && k !== s.kind) s.setKind(k);
      }}
      aria-label="Feature type"
      disabled={s.welcome}
    >
      {KIND_BUTTONS.map(({ kind, label }) => (
        <ToggleButton key={kind} value={kind} disabled={!kinds.includes(kind)} sx={{ py: 0.25, textTransform: 'none' }}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
});

/** The search with the chosen features: the one part of the bar a pick changes. */
const FeatureSearchBox = memo(function FeatureSearchBox({ names }: { names: FeatureNames | undefined }) {
  const s = useExplorer(useShallow((st) => ({ run: st.run, kind: st.kind, features: st.features })));
  const prefetchValues = usePrefetchFeatureValues(s.run, s.kind, names);
  return (
    <FeatureSearch
      key={`${runKey(s.run)}-${s.kind}`}
      kind={s.kind}
      names={names}
      features={s.features}
      disabled={s.run === null}
      onChange={chooseFeatures}
      onPick={prefetchValues}
    />
  );
});

const FeatureListButton = memo(function FeatureListButton({
  disabled,
  onOpen,
}: {
  disabled: boolean;
  onOpen: () => void;
}) {
  return (
    <Button size="small" variant="outlined" disabled={disabled} onClick={onOpen} aria-haspopup="dialog">
      Genes/Motifs
    </Button>
  );
});
