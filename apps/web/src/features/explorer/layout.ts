/**
 * The sizes of the explorer's bars and columns: the bars themselves use them, and so do the places the explorer
 * keeps for them while their module loads (a page drawing its plots first), so that the plots do not move.
 */
import { FONT_FAMILY } from '../../app/brand';

/** The top bar's height on one line (its small search field and padding). */
export const TOP_BAR_HEIGHT = 52;
/**
 * Narrower than this (the viewport, px), the top bar has two lines by design: its buttons, then the search with
 * its two buttons. Left to wrap by itself it moved the plots down when it arrived (at 1300 px, one button went to
 * a second line), and its place could not know where it would wrap.
 */
export const TOP_BAR_ONE_LINE_MIN_WIDTH = 1320;
/** Two lines of at most the search field's height, with the bar's padding and the gap between them. */
export const TOP_BAR_TWO_LINE_HEIGHT = 100;
/** The media query of the two-line top bar, for MUI's `sx` and for the bar's place. */
export const TOP_BAR_TWO_LINES = `(max-width: ${TOP_BAR_ONE_LINE_MIN_WIDTH - 0.05}px)`;
/** The height the top bar has at the viewport's width now (its place while it loads). */
export const topBarHeight = (): number =>
  window.matchMedia?.(TOP_BAR_TWO_LINES).matches ? TOP_BAR_TWO_LINE_HEIGHT : TOP_BAR_HEIGHT;
export const TOOL_COLUMN_WIDTH = 48;
export const LEGEND_WIDTH = 230;
/** The loading bar's strip between the top bar and the plots. */
export const LOADING_BAR_HEIGHT = 4;
/** The plots' row: 480 px high on narrow screens, from WIDE_PLOTS_MEDIA two thirds of the window up to 680 px. */
export const PLOTS_ROW_HEIGHT = 480;
export const PLOTS_ROW_WIDE_HEIGHT = 'min(66vh, 680px)';
export const PLOTS_ROW_MIN_HEIGHT = 420;
/** MUI's `md` breakpoint (the theme keeps MUI's breakpoints). */
export const WIDE_PLOTS_MEDIA = '(min-width: 900px)';
/** The plots' row height as CSS, for the window's width now (the row's own `sx` has the media query). */
export const plotsRowHeight = (): string =>
  window.matchMedia?.(WIDE_PLOTS_MEDIA).matches ? PLOTS_ROW_WIDE_HEIGHT : `${PLOTS_ROW_HEIGHT}px`;

/**
 * The look of a bar's or a column's place while its module loads (ChromePlace, and a first frame drawn before the
 * app): the sheet of the part it keeps, white, raised for the top bar and outlined for a column.
 */
export function chromePlaceStyle(raised: boolean): Record<string, string> {
  return {
    flexShrink: '0',
    display: 'flex',
    alignItems: 'center',
    padding: '0 16px',
    boxSizing: 'border-box',
    background: '#fff',
    color: '#d32f2f',
    font: `400 0.875rem/1.43 ${FONT_FAMILY}`,
    ...(raised
      ? { boxShadow: '0 2px 1px -1px rgba(0,0,0,0.2), 0 1px 1px 0 rgba(0,0,0,0.14), 0 1px 3px 0 rgba(0,0,0,0.12)' }
      : { border: '1px solid rgba(0,0,0,0.12)' }),
  };
}
