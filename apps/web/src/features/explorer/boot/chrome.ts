/**
 * The explorer's bars, tools, legend, lower panel, sample grid and dialogs: one module the explorer loads on its own
 * (useExplorerChrome.ts), so that a page opened on a run evaluates none of it before the plots are drawn.
 */
export { ExplorerDialogs } from '../dialogs/ExplorerDialogs';
export { ExplorerLowerPanel } from '../panels/LowerPanel';
export { LegendPanel } from '../plots/LegendPanel';
export { SamplePlots } from '../plots/SamplePlots';
export { TissueImageControl } from '../plots/TissueImageControl';
export { ToolColumn } from '../tool-column/ToolColumn';
export { RunSearchPanel } from '../top-bar/RunSearchPanel';
export { TopBar } from '../top-bar/TopBar';
