import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { SECOND_FACTOR_MSG } from '@atlas/contracts';
import { downloadBlob } from '../download';

/** The recovery codes, the only time they are on screen: copy, download, or write them down. */
export function RecoveryCodesList({ codes, username }: { codes: readonly string[]; username: string }) {
  const text = codes.join('\n');
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{SECOND_FACTOR_MSG.recoveryShownOnce}</Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          pl: 4,
          columns: 2,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          py: 1.5,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => downloadBlob(new Blob([text], { type: 'text/plain' }), `atlas-recovery-codes-${username}.txt`)}
        >
          Download
        </Button>
      </Stack>
    </Stack>
  );
}
