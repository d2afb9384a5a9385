import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * A module that did not arrive: Chromium, Firefox and Safari word a failed dynamic import each their own way, and
 * Vite's preload helper its own for a stylesheet.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

interface Props {
  /** What is shown in place of the children that threw. */
  fallback: (error: Error) => ReactNode;
  /** The children render again once this changes after an error (another screen, another run). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  failedOn: string | null;
}

/** Catches what its children throw while they load or render, and shows the fallback in their place. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedOn: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return state.error && state.failedOn !== null && state.failedOn !== props.resetKey
      ? { error: null, failedOn: null }
      : null;
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    this.setState({ failedOn: this.props.resetKey });
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
