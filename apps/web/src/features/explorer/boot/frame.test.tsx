// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackProvider } from '../../../app/feedback';
import { holdPageChrome } from '../../../app/pageChrome';
import { SessionProvider } from '../../../app/session';
import { Explorer } from '../Explorer';
import { EXPLORER_FRAME, TOP_BAR_TWO_LINES, WIDE_PLOTS, type FrameViewport } from '../layout';
import { explorerSkeleton } from './skeleton';

afterEach(cleanup);
// jsdom lays nothing out and has no ResizeObserver, which the plots' Deck uses to follow its panels: none here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** A window whose media queries answer as `viewport` says (jsdom has none). */
function setViewport(viewport: FrameViewport): void {
  const answers: Record<string, boolean> = {
    [TOP_BAR_TWO_LINES]: viewport.topBarTwoLines,
    [WIDE_PLOTS]: viewport.widePlots,
  };
  window.matchMedia = (query: string) =>
    ({
      matches: answers[query] ?? false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }) as unknown as MediaQueryList;
}

/** What puts a region's element where it is and gives its size (its box), and a chrome place's sheet around it. */
const BOX = [
  'display',
  'flex-direction',
  'flex',
  'flex-shrink',
  'width',
  'height',
  'min-width',
  'min-height',
  'position',
];
const SHEET = ['padding', 'box-sizing', 'border', 'box-shadow'];

/** Every region under `root` (itself included), in document order: its name, its enclosing region and its box. */
function regionsOf(root: Element) {
  return [root, ...root.querySelectorAll('[data-region]')].map((el) => {
    const { style, dataset } = el as HTMLElement;
    const enclosing = el.parentElement?.closest<HTMLElement>('[data-region]');
    return {
      region: dataset.region,
      within: enclosing?.dataset.region ?? null,
      box: Object.fromEntries([...BOX, ...SHEET].map((property) => [property, style.getPropertyValue(property)])),
    };
  });
}

/** The explorer as a cold open renders it first: the page's chrome held, so its bars and columns are places. */
function renderExplorerOnColdOpen(): Element {
  holdPageChrome();
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FeedbackProvider>
          <SessionProvider>
            <Explorer />
          </SessionProvider>
        </FeedbackProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return container.querySelector('[data-region="explorer"]')!;
}

describe('the explorer frame, one description (layout.ts)', () => {
  const viewports: FrameViewport[] = [
    { topBarTwoLines: false, widePlots: true },
    { topBarTwoLines: true, widePlots: false },
  ];
  it.each(viewports)('is laid out alike by the cold open’s copy and the explorer (%o)', (viewport) => {
    setViewport(viewport);
    const copy = explorerSkeleton('#000', viewport).root.querySelector('[data-region="explorer"]')!;
    const react = renderExplorerOnColdOpen();
    expect(regionsOf(react)).toEqual(regionsOf(copy));
  });

  it('takes its sizes from the description', () => {
    const viewport = { topBarTwoLines: false, widePlots: false };
    setViewport(viewport);
    const regions = new Map(regionsOf(renderExplorerOnColdOpen()).map((r) => [r.region, r]));
    const { topBar, loadingBar, plotsRow, toolColumn, legend } = EXPLORER_FRAME;
    expect(regions.get('topBar')!.box.height).toBe(`${topBar.height}px`);
    expect(regions.get('loadingBar')!.box.height).toBe(`${loadingBar.height}px`);
    expect(regions.get('plotsRow')!.box).toMatchObject({
      height: `${plotsRow.height}px`,
      'min-height': `${plotsRow.minHeight}px`,
    });
    expect(regions.get('toolColumn')!.box.width).toBe(`${toolColumn.width}px`);
    expect(regions.get('legend')!.box.width).toBe(`${legend.width}px`);
    expect(regions.get('plots')).toMatchObject({ within: 'plotsRow', box: { flex: '1 1 0%' } });
  });
});
