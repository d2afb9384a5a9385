import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { MSG } from '@atlas/contracts';
import { useAppInfo } from '../api/app';
import { PLATFORM_GUIDE_URL } from './links';

/** The About menu's Help and About dialogs (spec 01 §2). Help also opens with F1 anywhere in the app. */
export type InfoDialog = 'help' | 'about';

const InfoDialogContext = createContext<(dialog: InfoDialog) => void>(() => {});

export function InfoDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<InfoDialog | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F1') return;
      // Browsers open their own help on F1.
      event.preventDefault();
      setOpen('help');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => setOpen(null);
  return (
    <InfoDialogContext.Provider value={setOpen}>
      {children}
      <Dialog open={open === 'help'} onClose={close} aria-labelledby="help-title" maxWidth="xs" fullWidth>
        <DialogTitle id="help-title">Help</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{MSG.helpText}</DialogContentText>
          <DialogContentText>
            Step-by-step instructions are in the{' '}
            <Link href={PLATFORM_GUIDE_URL} target="_blank" rel="noopener">
              Platform Guide
            </Link>
            . Press F1 on any page to open this help.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={open === 'about'} onClose={close} aria-labelledby="about-title" maxWidth="xs" fullWidth>
        <DialogTitle id="about-title">About {MSG.appName}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{MSG.aboutText}</DialogContentText>
          <AppVersion />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </InfoDialogContext.Provider>
  );
}

function AppVersion() {
  const { data } = useAppInfo();
  if (!data) return null;
  return (
    <DialogContentText variant="body2">
      Version {data.version} · {data.environment}
    </DialogContentText>
  );
}

export const useInfoDialog = () => useContext(InfoDialogContext);
