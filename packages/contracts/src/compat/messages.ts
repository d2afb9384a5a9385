/** Answers of the compatibility layer for the original AtlasXomics client (issue 20, issue 37). */
export const COMPAT_MSG = {
  frontpageRefused:
    'This server does not screenshot addresses. Save the front-page image from the explorer (Save Display → FrontPage).',
  runNotNamed: 'Name the run: run_id or tissue_id.',
  noRunWithTissue: (tissueId: number | string) => `No run has tissue_id ${tissueId}.`,
} as const;
