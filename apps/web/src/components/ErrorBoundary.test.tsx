// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MSG } from '@atlas/contracts';
import { isChunkLoadError } from './ErrorBoundary';
import { PartBoundary } from './PartBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('isChunkLoadError', () => {
  it('tells a chunk that did not arrive from an error of the screen, in each browser’s wording', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/A.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('PartBoundary', () => {
  const part = (error: Error) =>
    render(
      <div>
        <p>the plots</p>
        <PartBoundary what="The track browser" resetKey="D90001">
          <Throws error={error} />
        </PartBoundary>
      </div>,
    );

  it('says in its place that a part whose chunk did not arrive could not be loaded; the screen goes on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    part(new TypeError('Failed to fetch dynamically imported module: /assets/IgvView-x.js'));
    expect(screen.getByRole('alert').textContent).toContain(MSG.partNotLoaded('The track browser'));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText('the plots')).toBeTruthy();
  });

  it('shows the error of a part that failed', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    part(new Error('igv: no genome'));
    expect(screen.getByRole('alert').textContent).toContain(MSG.partFailed('The track browser', 'igv: no genome'));
  });
});
