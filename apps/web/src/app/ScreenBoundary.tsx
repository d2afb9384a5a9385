import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { MSG } from '@atlas/contracts';
import { ErrorBoundary, isChunkLoadError } from '../components/ErrorBoundary';
import { MessagePage } from '../components/MessagePage';

/**
 * Catches what a screen throws while it loads or renders, so the page says why and how to go on instead of going
 * blank: a screen's chunk that did not arrive (a dropped connection, or the portal updated since the page was
 * opened, whose old chunks are gone) or an error of the screen itself. The app bar around it stays. Opening
 * another screen (another path or component) starts that one afresh.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const screen = `${location.pathname}?${new URLSearchParams(location.search).get('component') ?? ''}`;
  return (
    <ErrorBoundary resetKey={screen} fallback={(error) => <ScreenError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

function ScreenError({ error }: { error: Error }) {
  const notLoaded = isChunkLoadError(error);
  return (
    <MessagePage
      icon={notLoaded ? <CloudOffOutlined /> : <ErrorOutlineOutlined />}
      title={notLoaded ? MSG.screenNotLoadedTitle : MSG.screenFailedTitle}
      message={notLoaded ? MSG.screenNotLoaded : MSG.screenFailed(error.message)}
      tone={notLoaded ? 'warning' : 'error'}
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to Home
          </Button>
        </>
      }
    />
  );
}
