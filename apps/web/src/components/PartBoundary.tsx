import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MSG } from '@atlas/contracts';
import { ErrorBoundary, isChunkLoadError } from './ErrorBoundary';

/**
 * A lazily loaded part of a screen (the track browser, the network viewer): if its chunk does not arrive or it
 * fails, it says so in its place, with Reload, and the rest of the screen goes on.
 */
export function PartBoundary({ what, resetKey, children }: { what: string; resetKey: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={(error) => (
        <Alert
          severity={isChunkLoadError(error) ? 'warning' : 'error'}
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          {isChunkLoadError(error) ? MSG.partNotLoaded(what) : MSG.partFailed(what, error.message)}
        </Alert>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
