import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { holdChromeUntilPlots, releaseChrome, useChromeHeld } from './plotsFirst';

function Chrome() {
  return <p>{useChromeHeld() ? 'held' : 'shown'}</p>;
}

describe('plotsFirst', () => {
  it('holds the chrome from the early start until the plots release it, or at most 1.5 s', () => {
    vi.useFakeTimers();
    try {
      expect(renderToString(<Chrome />)).toContain('shown');
      holdChromeUntilPlots();
      expect(renderToString(<Chrome />)).toContain('held');
      releaseChrome();
      expect(renderToString(<Chrome />)).toContain('shown');

      holdChromeUntilPlots();
      vi.advanceTimersByTime(1499);
      expect(renderToString(<Chrome />)).toContain('held');
      vi.advanceTimersByTime(1);
      expect(renderToString(<Chrome />)).toContain('shown');
    } finally {
      vi.useRealTimers();
    }
  });
});
