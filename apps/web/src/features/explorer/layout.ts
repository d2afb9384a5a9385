/**
 * The explorer's frame, described once: its regions, how they nest and their sizes. The explorer renders it
 * (Explorer.tsx, useFrameStyles) and a cold open builds it in plain DOM before React loads (boot/skeleton.ts), both
 * from frameStyles() below, so that the plots drawn into the copy are where the explorer's will be; the bars and
 * columns read their sizes here too. A change to the frame — a width, a height, a region — is made in this file
 * (boot/frame.test.tsx renders both and compares them region by region). Plain values only: the first frame loads
 * this before React and MUI.
 */
import { FONT_FAMILY } from '../../app/brand';

export const EXPLORER_FRAME = {
  /**
   * The top bar: one line of `height`, or two lines below `oneLineMinWidth` (the viewport, px), by design. Left to
   * wrap by itself it moved the plots down when it arrived (at 1300 px, one button went to a second line), and its
   * place could not know where it would wrap. Two lines are at most the search field's height each, with the bar's
   * padding and the gap between them.
   */
  topBar: { height: 52, twoLineHeight: 100, oneLineMinWidth: 1320 },
  /** The loading bar's strip between the top bar and the plots. */
  loadingBar: { height: 4 },
  /** The plots' row: `height` on narrow screens; from `wideMinWidth` (MUI's `md`), two thirds of the window up to 680 px. */
  plotsRow: { height: 480, wideHeight: 'min(66vh, 680px)', minHeight: 420, wideMinWidth: 900 },
  toolColumn: { width: 48 },
  legend: { width: 230 },
} as const;

/** The media query of the two-line top bar, for MUI's `sx` and for the frame. */
export const TOP_BAR_TWO_LINES = `(max-width: ${EXPLORER_FRAME.topBar.oneLineMinWidth - 0.05}px)`;
/** The media query of the wide plots' row. */
export const WIDE_PLOTS = `(min-width: ${EXPLORER_FRAME.plotsRow.wideMinWidth}px)`;

/** The regions of the frame, each laid out alike by the explorer and by the cold open's copy. */
export type FrameRegion = 'explorer' | 'topBar' | 'loadingBar' | 'plotsRow' | 'toolColumn' | 'plots' | 'legend';

export interface FrameNode {
  region: FrameRegion;
  children?: readonly FrameNode[];
}

/**
 * How the regions nest: a column of the top bar, the loading bar's strip and the plots' row, which holds the tool
 * column, the plots and the legend. The copy is built by walking it; the explorer's elements carry the same
 * `data-region` names, in the same order.
 */
export const FRAME_TREE: FrameNode = {
  region: 'explorer',
  children: [
    { region: 'topBar' },
    { region: 'loadingBar' },
    { region: 'plotsRow', children: [{ region: 'toolColumn' }, { region: 'plots' }, { region: 'legend' }] },
  ],
};

/**
 * The regions the explorer's chrome fills once its module has loaded: until then (a cold open, whose copy has only
 * these) each is a place of the chrome's size and sheet — raised for the top bar, outlined for a column.
 */
export const CHROME_PLACES: Partial<Record<FrameRegion, 'raised' | 'outlined'>> = {
  topBar: 'raised',
  toolColumn: 'outlined',
  legend: 'outlined',
};

/** The viewport's answers to the frame's two media queries. */
export interface FrameViewport {
  topBarTwoLines: boolean;
  widePlots: boolean;
}

/** CSS properties (camelCase) with their values, as both React's `style` and an element's `style` take them. */
export type FrameStyle = Record<string, string>;

const px = (n: number) => `${n}px`;

/** Each region's box at a viewport: what the explorer's elements and the cold open's copy are given. */
export function frameStyles(viewport: FrameViewport): Record<FrameRegion, FrameStyle> {
  const { topBar, loadingBar, plotsRow, toolColumn, legend } = EXPLORER_FRAME;
  return {
    explorer: { display: 'flex', flexDirection: 'column', flex: '1', minHeight: '0' },
    topBar: { height: px(viewport.topBarTwoLines ? topBar.twoLineHeight : topBar.height), flexShrink: '0' },
    loadingBar: { height: px(loadingBar.height), flexShrink: '0' },
    plotsRow: {
      display: 'flex',
      height: viewport.widePlots ? plotsRow.wideHeight : px(plotsRow.height),
      minHeight: px(plotsRow.minHeight),
    },
    toolColumn: { width: px(toolColumn.width), flexShrink: '0' },
    plots: { flex: '1', minWidth: '0', position: 'relative' },
    legend: { width: px(legend.width), flexShrink: '0' },
  };
}

/** The viewport now, from the window's media queries (false without them). */
export function viewportNow(): FrameViewport {
  const matches = (query: string) => window.matchMedia?.(query).matches ?? false;
  return { topBarTwoLines: matches(TOP_BAR_TWO_LINES), widePlots: matches(WIDE_PLOTS) };
}

/** The sheet of a chrome's place while its module loads (boot/ChromePlace.tsx, and the cold open's copy). */
export function chromePlaceStyle(sheet: 'raised' | 'outlined'): FrameStyle {
  return {
    display: 'flex',
    alignItems: 'center',
    padding: '0 16px',
    boxSizing: 'border-box',
    background: '#fff',
    color: '#d32f2f',
    font: `400 0.875rem/1.43 ${FONT_FAMILY}`,
    ...(sheet === 'raised'
      ? { boxShadow: '0 2px 1px -1px rgba(0,0,0,0.2), 0 1px 1px 0 rgba(0,0,0,0.14), 0 1px 3px 0 rgba(0,0,0,0.12)' }
      : { border: '1px solid rgba(0,0,0,0.12)' }),
  };
}
