/**
 * "Re-cluster selection" (issue 34): the lasso's tixels re-clustered on a worker (gene.subcluster), each
 * sub-cluster saved as a shared annotation "Sub-clusters k · Cn" and the plots coloured by the new set when done.
 * Shown to those who may change the run's annotations.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ANNOTATION_MSG, EXPORT_MSG } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { useAnnotationChanges, type Annotation } from '../data/annotations';
import { recluster } from '../data/subcluster';

export function ReclusterButton({
  runId,
  selection,
  annotations,
  onDone,
}: {
  runId: string;
  selection: number[] | null;
  annotations: Annotation[];
  /** The new annotations' ids, to colour the plots by. */
  onDone: (ids: string[]) => void;
}) {
  const showSnack = useSnackbar();
  const changes = useAnnotationChanges(runId);
  const [percent, setPercent] = useState<number | null>(null);

  const start = () => {
    if (!selection) return;
    setPercent(0);
    recluster(runId, selection, annotations, (body) => changes.create.mutateAsync(body), setPercent)
      .then((made) => {
        onDone(made.map((a) => a.id));
        showSnack(EXPORT_MSG.subclusterSaved(made.length, made[0]?.name.split(' · ')[0] ?? ''), { color: 'success' });
      })
      .catch((error: unknown) => showSnack((error as Error).message, { color: 'error' }))
      .finally(() => setPercent(null));
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', mr: 1 }}>
      <Tooltip title={selection ? '' : ANNOTATION_MSG.noSelection}>
        <span>
          <Button variant="outlined" size="small" disabled={!selection || percent !== null} onClick={start}>
            {EXPORT_MSG.subclusterAction}
          </Button>
        </span>
      </Tooltip>
      {percent !== null && (
        <Box sx={{ mt: 1, width: 220 }} data-testid="recluster-progress">
          <LinearProgress variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} />
          <Typography variant="caption" color="text.secondary">
            {EXPORT_MSG.subclusterRunning(percent)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
