/** Texts of the explorer's lower panels and tool extras (spec 03 §8 where the spec gives them). */
export const PANELS_MSG = {
  publicLinkCopied: 'Public link copied to clipboard',
  cellTypeFailed: 'Worker failed for CellType',
  wrongFileType: 'Wrong file type must be csv',
  noMarkers: 'The file names no marker genes: one cell type per row, `label, marker, marker, …`',
  cellTypesApplied: 'Cell types applied',
  viewerUnavailable: (title: string) => `The ${title} is not available for this run.`,
  topTenUnavailable: 'The feature table of this run is not available.',
  topTenUnavailablePublic: 'The feature table is not available through a public link yet.',
  frontPageSaved: (runId: string) => `Front page image of ${runId} saved`,
  frontPageFailed: (error: string) => `Front page image not saved: ${error}`,
  noCanvas: 'Nothing to save yet: the plots are not drawn',
  clipboardFailed: 'The link could not be copied to the clipboard',
  chooseFeatures: 'Choose genes to see their histograms; until then, the tixels per cluster.',
} as const;
