import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { MSG } from '@atlas/contracts';
import { MessagePage } from '../components/MessagePage';

/**
 * A screen's module that did not arrive: Chromium, Firefox and Safari word a failed dynamic import each their own way,
 * and Vite's preload helper its own for a stylesheet.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * Catches what a screen throws while it loads or renders, so the page says why and how to go on instead of going
 * blank: a screen's chunk that did not arrive (a dropped connection, or the portal updated since the page was
 * opened, whose old chunks are gone) or an error of the screen itself. The app bar around it stays. Opening
 * another screen (another path or component) starts that one afresh.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const screen = `${location.pathname}?${new URLSearchParams(location.search).get('component') ?? ''}`;
  return <Boundary screen={screen}>{children}</Boundary>;
}

interface BoundaryState {
  error: Error | null;
  /** The screen that failed: the boundary lets the next one render. */
  failedOn: string | null;
}

class Boundary extends Component<{ screen: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failedOn: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: { screen: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return state.error && state.failedOn !== null && state.failedOn !== props.screen
      ? { error: null, failedOn: null }
      : null;
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    this.setState({ failedOn: this.props.screen });
  }

  override render() {
    const { error } = this.state;
    return error ? <ScreenError error={error} /> : this.props.children;
  }
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
