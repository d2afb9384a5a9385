import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '@atlas/contracts';
import type { Notice } from './flow';

const NOTICES: Record<Notice, { title: string; body: string }> = {
  confirmed: { title: MSG.accountConfirmed, body: MSG.accountConfirmedBody },
  neverVerified: { title: MSG.neverVerifiedTitle, body: MSG.neverVerifiedBody },
  verifyFirst: { title: MSG.verifyFirstTitle, body: MSG.verifyFirstBody },
};

/** The login screen's dialogs (spec 01 §2): account confirmed, never verified, verify first. */
export function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  // Keep the last text while the dialog fades out.
  const [shown, setShown] = useState(notice);
  if (notice && notice !== shown) setShown(notice);
  const content = shown ? NOTICES[shown] : null;
  return (
    <Dialog open={notice !== null} onClose={onClose} aria-labelledby="notice-title" maxWidth="xs" fullWidth>
      <DialogTitle id="notice-title">{content?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{content?.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
