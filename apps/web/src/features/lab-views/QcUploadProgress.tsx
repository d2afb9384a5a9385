import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { LAB_MSG } from '@atlas/contracts';
import type { QcUploadPlan } from './qcUpload';
import type { ItemState, PickedFile } from './useQcUpload';

interface QcUploadProgressProps {
  finished: boolean;
  plan: QcUploadPlan<PickedFile>;
  items: Readonly<Record<string, ItemState>>;
}

/** The whole upload: files done of the total, the mean progress, and once finished whether any file failed. */
export function QcUploadProgress({ finished, plan, items }: QcUploadProgressProps) {
  const states = Object.values(items);
  const done = states.filter((i) => i.finished || i.error || i.cancelled).length;
  const total = plan.items.length;
  const overall = total ? Math.round(plan.items.reduce((sum, i) => sum + (items[i.key]?.progress ?? 0), 0) / total) : 0;
  const errors = states.some((i) => i.error || i.cancelled);
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {finished && (errors ? <WarningAmber color="warning" /> : <CheckCircle color="success" />)}
        <Typography variant="subtitle2">
          {finished ? LAB_MSG.uploadsFinished : LAB_MSG.uploadingFiles(total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {done}/{total}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={overall} aria-label="Upload progress" sx={{ mt: 0.5 }} />
    </Box>
  );
}
