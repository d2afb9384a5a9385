/**
 * The sizes of the explorer's bars and columns: the bars themselves use them, and so do the places the explorer
 * keeps for them while their module loads (a page drawing its plots first), so that the plots do not move.
 */
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
