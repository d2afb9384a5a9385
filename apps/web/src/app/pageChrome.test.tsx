import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { holdPageChrome, releasePageChrome, usePageChromeHeld } from './pageChrome';

function Chrome() {
  return <p>{usePageChromeHeld() ? 'held' : 'shown'}</p>;
}

describe('the page chrome hold', () => {
  it('holds the chrome from the page’s hold until the page releases it, or at most 1.5 s', () => {
    vi.useFakeTimers();
    try {
      expect(renderToString(<Chrome />)).toContain('shown');
      holdPageChrome();
      expect(renderToString(<Chrome />)).toContain('held');
      releasePageChrome();
      expect(renderToString(<Chrome />)).toContain('shown');

      holdPageChrome();
      vi.advanceTimersByTime(1499);
      expect(renderToString(<Chrome />)).toContain('held');
      vi.advanceTimersByTime(1);
      expect(renderToString(<Chrome />)).toContain('shown');
    } finally {
      vi.useRealTimers();
    }
  });
});
