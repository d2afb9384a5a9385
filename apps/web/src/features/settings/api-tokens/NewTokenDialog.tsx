import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { TOKEN_MSG, type TCreatedApiToken } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { formatTime } from '../../../components/formatTime';

/**
 * The one moment a token's secret is on screen: shown with a copy button and a warning. Closing the dialog forgets
 * it (the server keeps only a hash), so the caller drops the created token on close.
 */
export function NewTokenDialog({ created, onClose }: { created: TCreatedApiToken; onClose: () => void }) {
  const showSnack = useSnackbar();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
      showSnack(TOKEN_MSG.copied, { color: 'success' });
    } catch {
      // Clipboard refused (an insecure origin, a denied permission): the field is selected for a manual copy.
      (document.getElementById('new-api-token') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-token-title" maxWidth="md" fullWidth>
      <DialogTitle id="new-token-title">API token created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {TOKEN_MSG.copyOnce}
        </Alert>
        <TextField
          id="new-api-token"
          label={created.name}
          value={created.token}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy">
                    <IconButton aria-label="Copy token" onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          onFocus={(event) => event.target.select()}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Expires {formatTime(created.expires_at)}. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant={copied ? 'contained' : 'text'}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
