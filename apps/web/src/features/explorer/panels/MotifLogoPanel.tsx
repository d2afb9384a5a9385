import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EXPLORER_MSG, type TTaskState } from '@atlas/contracts';
import { useExplorer } from '../state/store';
import { useSeqLogoTask } from '../data/tasks';
import { parseLogoColumns, type LogoColumn } from './seqLogo';
import { SequenceLogo } from './SequenceLogo';

/**
 * The Peak/Motif Viewer in motif mode (spec 03 §2.1, §4): the sequence logo of the one chosen motif, computed by
 * gene.seq_logo and polled every 1000 ms; with no motif or several it says what to choose.
 */
export function MotifLogoPanel() {
  const run = useExplorer((s) => s.run);
  const features = useExplorer((s) => s.features);
  const motif = features.length === 1 ? features[0]! : null;
  const { state, posting, error, retry } = useSeqLogoTask(run, motif);
  if (features.length === 0) return <Alert severity="info">{EXPLORER_MSG.chooseOneMotif}</Alert>;
  if (motif === null) return <Alert severity="info">{EXPLORER_MSG.oneMotifAtATime}</Alert>;

  const failure = posting ? null : (error?.message ?? (state?.status === 'FAILURE' ? (state.error ?? '') : null));
  if (failure !== null) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {EXPLORER_MSG.retry}
          </Button>
        }
      >
        {failure ? `${EXPLORER_MSG.workerFailed}: ${failure}` : EXPLORER_MSG.workerFailed}
      </Alert>
    );
  }
  if (!posting && state?.status === 'SUCCESS') {
    let columns: LogoColumn[];
    try {
      columns = parseLogoColumns(state.result);
    } catch (malformed) {
      return <Alert severity="error">{`${EXPLORER_MSG.workerFailed}: ${(malformed as Error).message}`}</Alert>;
    }
    return <SequenceLogo motif={motif} columns={columns} />;
  }
  return <Pending state={posting ? undefined : state} />;
}

/** A posted task on its way: its queue position while PENDING, its percent once it reports progress. */
function Pending({ state }: { state: TTaskState | undefined }) {
  const progress = state?.status === 'PROGRESS' ? state.progress : null;
  const caption =
    state?.status === 'PENDING' && state.position !== null
      ? EXPLORER_MSG.seqLogoQueued(state.position)
      : EXPLORER_MSG.seqLogoComputing(progress);
  return (
    <Box data-testid="seq-logo-progress" sx={{ py: 1 }}>
      <LinearProgress
        variant={progress !== null ? 'determinate' : 'indeterminate'}
        value={progress ?? 0}
        aria-label={caption}
      />
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </Box>
  );
}
