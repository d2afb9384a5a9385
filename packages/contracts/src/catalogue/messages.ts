/**
 * User-visible texts of the catalogue, run database, downloads and public links. The spec gives the labels
 * (spec 01 §2) and leaves the error wording open; these are ours and defined once here.
 */
export const CATALOGUE_MSG = {
  // spec 01 §2 "Landing catalogue"
  showPrivate: 'Show Private',
  showPublic: 'Show Public',
  availableFiles: (runId: string) => `${runId} Available Files`,
  fileTypeColumn: 'File Type',
  filenameColumn: 'Filename',
  descriptionColumn: 'Description',
  generateUrl: 'Generate URL',
  showMore: 'Show More',
  showLess: 'Show Less',
  facetGroups: 'Groups',
  facetDataType: 'Data Type',
  facetSpecies: 'Species',
  facetOrgan: 'Organ',
  // ours
  searchPlaceholder: 'Search by run id, publication id or author',
  noRuns: 'No runs match these filters.',
  noRunsHint: 'Clear the search or some filters to see more runs.',
  loadFailed: 'The catalogue could not be loaded. Please try again.',
  urlCopied: 'Pre-signed URL copied to clipboard',
  urlFailed: (error: string) => `Could not generate the URL: ${error}`,
  openFailed: (error: string) => `Could not open the run: ${error}`,
  // server
  searchEmpty: 'Search text must not be empty',
  searchTooLong: 'Search text is at most 200 characters',
  runIdFormat: "Run id must be 'D' followed by at least 5 digits",
  runNotFound: (runId: string) => `Run ${runId} was not found.`,
  fileNotDownloadable: 'This file is not a downloadable file of a run you can see.',
  linkInvalid: 'This public link is invalid. Ask the person who shared it for a new link.',
  linkExpired: 'This public link has expired. Ask the person who shared it for a new link.',
  linkPrivateRun: (runId: string) => `Run ${runId} is private: only a public run can be shared by a public link.`,
  linkGroupOnly: "Only members of the run's group can make a link for their group.",
  thumbnailNotFound: 'No thumbnail for this run.',
  // runs list page (spec 03 §2.3)
  runsListTitle: 'Runs',
  browserLink: 'Browser Link',
  browserDocs: 'AtlasXbrowser documentation',
} as const;
