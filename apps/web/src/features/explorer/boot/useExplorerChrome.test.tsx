// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPLORER_MSG } from '@atlas/contracts';
import { ChromePlace } from './ChromePlace';
import { useExplorerChrome } from './useExplorerChrome';

function Probe({ wanted }: { wanted: boolean }) {
  const { chrome } = useExplorerChrome(wanted);
  return <p>{chrome ? `loaded: ${typeof chrome.TopBar}` : 'waiting'}</p>;
}

afterEach(cleanup);

describe('the explorer chrome module', () => {
  // The module is transformed on its first import (MUI and the explorer's chrome): 4.8 s alone, longer beside the
  // browser specs on two cores, hence the generous wait.
  it('is not loaded while it is not wanted, then arrives once it is', { timeout: 60_000 }, async () => {
    const { rerender } = render(<Probe wanted={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('waiting')).toBeTruthy();
    rerender(<Probe wanted />);
    await waitFor(() => expect(screen.getByText(/^loaded: /).textContent).toBe('loaded: object'), { timeout: 55_000 });
    // Loaded once: a later explorer has it at its first render.
    render(<Probe wanted={false} />);
    expect(screen.getAllByText(/^loaded: /)).toHaveLength(2);
  });

  it('keeps a place of the same size, which says when the module could not be fetched', () => {
    render(<ChromePlace region="toolColumn" style={{ width: '48px' }} />);
    const place = screen.getByTestId('explorer-chrome-place');
    expect(place.style.width).toBe('48px');
    expect(place.textContent).toBe('');
    cleanup();
    render(<ChromePlace region="topBar" style={{ height: '52px' }} failed />);
    expect(screen.getByRole('alert').textContent).toBe(EXPLORER_MSG.toolsNotLoaded);
  });
});
