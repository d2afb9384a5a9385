/**
 * The explorer's composition and distribution panels (issue 34): their texts and limits, defined once.
 */
export const GROUP_ANALYSIS = {
  /** Features drawn at once in the violin, dot plot and heatmap: each is one column and one values request. */
  maxFeatures: 12,
  /** "Top markers" takes this many enriched features per cluster from the run's top-ten table. */
  markersPerCluster: 2,
} as const;

export const GROUP_ANALYSIS_MSG = {
  compositionEmpty:
    'Lasso or quad-select a region, or choose a saved annotation, to see which clusters and cell types it holds against the rest.',
  compositionEmptySource: 'The chosen selection holds no labelled tixels.',
  currentSelection: 'Current selection',
  noSecondSource: 'None',
  distributionsEmpty: 'Choose genes to draw their distribution across groups (violin, dot plot, heatmap).',
  noAnnotationsToGroup: 'This run has no annotations to group by: save a selection as an annotation first.',
  noCellTypes: 'This run has no cell types: run Cell Typing or group by clusters.',
  noTopMarkers: 'This run has no ranked markers per cluster.',
  tooManyFeatures: `At most ${GROUP_ANALYSIS.maxFeatures} features at once.`,
  enrichmentNote:
    "Each group against the others: two-sided Fisher's exact test on the 2×2 table (in / rest × group / other groups), p adjusted across groups by Benjamini–Hochberg.",
} as const;
