/**
 * The sizes of the explorer's bars and columns: the bars themselves use them, and so do the places the explorer
 * keeps for them while their module loads (a page drawing its plots first), so that the plots do not move.
 */
/** The top bar's height on one line (its small search field and padding). */
export const TOP_BAR_HEIGHT = 52;
export const TOOL_COLUMN_WIDTH = 48;
export const LEGEND_WIDTH = 230;
