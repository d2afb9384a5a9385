/**
 * The browser's entry to the group statistics (`@atlas/spatial/group-stats`): region composition with Fisher's
 * exact test and the distribution plots' summaries, without the package's file readers.
 */
export { composition, groupTotals, type Composition, type CompositionRow } from './composition.js';
export { fisherExact, type FisherResult, type Table2x2 } from './fisher.js';
export {
  dotSummaries,
  membersOfCodes,
  scaleRows,
  violins,
  type DotSummary,
  type Quartiles,
  type Violin,
  type ViolinSet,
} from './group-summaries.js';
