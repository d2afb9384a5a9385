import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { LAB_MSG } from '@atlas/contracts';
import type { UploadItem } from './store';
import { batchInProgress, batchSucceeded } from './uploadLogic';

/**
 * The upload progress card (spec 02 §2.7, §4.2): 'Uploading N Files' with a bar per file, then 'Uploads Finished'
 * with a check when all succeeded, otherwise a warning; each file shows the server's summary or its error.
 */
export function UploadProgressCard({ items, onClose }: { items: UploadItem[]; onClose: () => void }) {
  const running = batchInProgress(items);
  const title = running ? LAB_MSG.uploadingFiles(items.length) : LAB_MSG.uploadsFinished;
  return (
    <Card
      elevation={8}
      role="region"
      aria-label="Upload progress"
      data-testid="upload-progress-card"
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        width: 420,
        maxWidth: 'calc(100vw - 32px)',
        zIndex: (t) => t.zIndex.snackbar - 1,
      }}
    >
      <CardHeader
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 1 }}
        avatar={
          running ? undefined : batchSucceeded(items) ? (
            <CheckCircle aria-label="All uploads succeeded" />
          ) : (
            <WarningAmber aria-label="Some uploads did not succeed" />
          )
        }
        title={title}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          <Tooltip title={running ? 'Cancel all uploads' : 'Close'}>
            <IconButton
              color="inherit"
              aria-label={running ? 'Cancel all uploads' : 'Close upload progress'}
              onClick={onClose}
            >
              <Close />
            </IconButton>
          </Tooltip>
        }
      />
      <CardContent sx={{ maxHeight: '40vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {items.map((item) => (
          <Box key={item.id} data-testid="upload-item">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <ItemIcon item={item} />
              <Typography variant="body2" sx={{ flex: 1, fontWeight: 500, wordBreak: 'break-all' }}>
                {item.file.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {item.progress}%
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={item.progress}
              color={item.error ? 'error' : item.cancelled ? 'inherit' : item.finished ? 'success' : 'primary'}
              aria-label={`Progress of ${item.file.name}`}
              sx={{ my: 0.5 }}
            />
            {item.message && (
              <Typography
                variant="caption"
                color={item.error ? 'error' : 'text.secondary'}
                sx={{ display: 'block', wordBreak: 'break-word' }}
              >
                {item.message}
              </Typography>
            )}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

function ItemIcon({ item }: { item: UploadItem }) {
  if (item.error) return <ErrorOutline color="error" fontSize="small" aria-label="Failed" />;
  if (item.cancelled) return <CancelOutlined color="disabled" fontSize="small" aria-label="Cancelled" />;
  if (item.finished && item.notes)
    return <WarningAmber color="warning" fontSize="small" aria-label="Finished with notes" />;
  if (item.finished) return <CheckCircle color="success" fontSize="small" aria-label="Finished" />;
  return <Box sx={{ width: 20 }} />;
}
