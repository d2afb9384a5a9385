/**
 * The statistics of packages/spatial (`stats/`) are not exported from `@atlas/spatial`'s index yet (that work is in
 * progress): this one file reaches them, so switching to the package import later is a one-file change.
 */
export { rankClusters, topTen, type TopTen } from '../../../../../packages/spatial/src/stats/cluster-ranking.js';
export { welchVsRest } from '../../../../../packages/spatial/src/stats/welch.js';
export { wilcoxonVsRest } from '../../../../../packages/spatial/src/stats/wilcoxon.js';
export { deRows, type DeResult } from '../../../../../packages/spatial/src/stats/result.js';
