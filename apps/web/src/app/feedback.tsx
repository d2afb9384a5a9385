import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { CONFIRM_MAX_WIDTH, SNACKBAR_TIMEOUT_MS } from '@atlas/contracts';

/** The spec's global snackbar (2000 ms, 'secondary' by default) and confirmation prompt (max width 400). */
type SnackColor = 'secondary' | 'success' | 'error' | 'info' | 'warning';
interface SnackOptions {
  color?: SnackColor;
  timeoutMs?: number;
}
export type ShowSnack = (message: string, options?: SnackOptions) => void;

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
}
export type AskConfirm = (options: ConfirmOptions) => Promise<boolean>;

const SnackContext = createContext<ShowSnack>(() => {});
const ConfirmContext = createContext<AskConfirm>(async () => false);

interface Snack {
  key: number;
  message: string;
  color: SnackColor;
  timeoutMs: number;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<Snack | null>(null);
  const [confirm, setConfirm] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  const counter = useRef(0);

  const showSnack = useCallback<ShowSnack>((message, options = {}) => {
    counter.current += 1;
    setSnack({
      key: counter.current,
      message,
      color: options.color ?? 'secondary',
      timeoutMs: options.timeoutMs ?? SNACKBAR_TIMEOUT_MS,
    });
  }, []);

  const askConfirm = useCallback<AskConfirm>(
    (options) => new Promise<boolean>((resolve) => setConfirm({ ...options, resolve })),
    [],
  );

  const close = (ok: boolean) => {
    confirm?.resolve(ok);
    setConfirm(null);
  };

  const snackValue = useMemo(() => showSnack, [showSnack]);
  return (
    <SnackContext.Provider value={snackValue}>
      <ConfirmContext.Provider value={askConfirm}>
        {children}
        <Snackbar
          key={snack?.key}
          open={snack !== null}
          autoHideDuration={snack?.timeoutMs}
          onClose={(_, reason) => reason !== 'clickaway' && setSnack(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          {snack ? (
            snack.color === 'secondary' ? (
              <Alert
                data-testid="snackbar"
                variant="filled"
                icon={false}
                color="secondary"
                onClose={() => setSnack(null)}
              >
                {snack.message}
              </Alert>
            ) : (
              <Alert data-testid="snackbar" variant="filled" severity={snack.color} onClose={() => setSnack(null)}>
                {snack.message}
              </Alert>
            )
          ) : undefined}
        </Snackbar>
        <Dialog
          open={confirm !== null}
          onClose={() => close(false)}
          slotProps={{ paper: { sx: { maxWidth: CONFIRM_MAX_WIDTH } } }}
          aria-labelledby="confirm-title"
        >
          <DialogTitle id="confirm-title">{confirm?.title}</DialogTitle>
          <DialogContent>
            <DialogContentText component="div">{confirm?.message}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => close(false)}>{confirm?.cancelText ?? 'Cancel'}</Button>
            <Button onClick={() => close(true)} variant="contained" autoFocus>
              {confirm?.confirmText ?? 'Confirm'}
            </Button>
          </DialogActions>
        </Dialog>
      </ConfirmContext.Provider>
    </SnackContext.Provider>
  );
}

export const useSnackbar = (): ShowSnack => useContext(SnackContext);
export const useConfirm = (): AskConfirm => useContext(ConfirmContext);
