/**
 * User-visible texts of the lab metadata (wafers, chips, DBiT runs, QC) and the lab storage calls.
 * Spec 02 §8 strings are exact; the server-side wording the spec leaves open is ours.
 */
export const LAB_MSG = {
  // spec 02 §5, §8
  fieldCannotBeEmpty: 'Field cannot be empty.',
  onlyCsv: 'Only CSV files are supported.',
  uploadCancelled: 'Upload Cancelled.',
  datasetFileExists: 'Dataset File Already Exists.',
  qcEntriesExist: 'Some entries already exist in the database',
  noImagesFound: 'No images found',
  imageLoadFailed: 'Failed to load the image file',
  imageTooLarge: (megapixels: number) =>
    `The image is larger than ${megapixels} megapixels, the most this server converts.`,
  imagesBusy: 'The server is converting as many images as it can: try again in a moment.',
  keepCroppingOnImage: 'Keeping Cropping on Image',
  itemSaved: 'Item has been successfully saved.',
  itemDeleted: 'Item has been successfully deleted.',
  // spec 02 §4.2, §8: upload progress
  uploadsCancelled: 'Uploads Cancelled.',
  uploadingFiles: (n: number) => `Uploading ${n} Files`,
  uploadsFinished: 'Uploads Finished',
  cancelAllUploads: 'Are you sure you want to cancel all uploads?',
  // spec 02 §2.8, spec 03 §2.6
  noSpatialFolder: (id: string) => `Run ${id} has no spatial folder.`,
  // ours: QC directory upload, QC viewer
  qcUploadNeedsMetadata: (dirs: string[]) => `Every folder needs a metadata.json; missing in: ${dirs.join(', ')}.`,
  qcUploaded: (n: number) => `${n} QC ${n === 1 ? 'entry' : 'entries'} created.`,
  qcUploadFailed: (n: number) =>
    `${n} ${n === 1 ? 'file' : 'files'} could not be uploaded; no QC entries were created.`,
  noQcRuns: 'No QC runs found.',
  selectRunsHint: 'Select DBiT runs in the tree to see their images.',
  // ours: filters
  filterNotJson: (what: 'filter' | 'options') => `The ${what} parameter is not valid JSON.`,
  filterNotObject: (what: 'filter' | 'options') => `The ${what} parameter must be a JSON object.`,
  filterOperator: (op: string) =>
    `Unsupported filter operator '${op}'. Supported: equality, $in, $regex (with $options 'i'), $or.`,
  filterField: (field: string) => `Invalid field name '${field}'.`,
  filterValue: (field: string, problem: string) => `Invalid filter on '${field}': ${problem}.`,
  optionsKey: (key: string) => `Unsupported option '${key}'. Supported: projection, sort, limit, skip.`,
  optionsValue: (key: string, problem: string) => `Invalid option '${key}': ${problem}.`,
  badRegex: (pattern: string) => `Invalid regular expression '${pattern}'.`,
  // ours: records
  keyMissing: (key: string, index: number) => `Record ${index + 1} has no ${key}.`,
  notAnObject: (index: number) => `Record ${index + 1} is not an object.`,
  keyTaken: (key: string, value: string) => `Another record already has ${key} '${value}'.`,
  recordNotFound: (id: string) => `No record with _id '${id}'.`,
  // ours: bulk create (rows are 1-based)
  row: (row: number, problem: string) => `Row ${row}: ${problem}`,
  bulkKeyMissing: (key: string) => `it has no ${key}.`,
  bulkHasId: '_id is given by the server; use PUT to change stored records.',
  bulkKeyTaken: (key: string, value: string) => `a record with ${key} '${value}' exists already.`,
  bulkDuplicate: (key: string, value: string, first: number) => `${key} '${value}' is also in row ${first}.`,
  deleteFilter: (key: string) => `Delete needs a filter on _id or ${key} (a value or {"$in": [...]}).`,
  // ours: CSV import
  csvEmpty: 'The CSV file is empty.',
  csvNoHeader: 'The CSV file has no header row.',
  csvNoKeyColumn: (key: string, headers: string[]) =>
    `The CSV file has no ${key} column (columns: ${headers.join(', ') || 'none'}).`,
  csvRowNoKey: (row: number, line: number, key: string) => `Row ${row} (line ${line}) has no ${key}.`,
  csvUnterminatedQuote: (line: number) => `A quoted field starting on line ${line} is never closed.`,
  csvDuplicateKey: (key: string, value: string, rows: number[]) =>
    `${key} '${value}' appears in rows ${rows.join(', ')}; the last row (${rows[rows.length - 1]}) was used.`,
  csvDuplicateHeader: (name: string, renamed: string) =>
    `Column '${name}' appears more than once; the repeat is kept as '${renamed}'.`,
  csvTooLarge: (mb: number) => `The CSV file is larger than ${mb} MB.`,
  csvNotUtf8: 'The CSV file is not UTF-8 text.',
  csvNulBytes:
    'The CSV file holds NUL bytes (UTF-16 text without a byte-order mark, or not a text file): save it as "CSV UTF-8" and upload it again.',
  csvForeignColumns: (table: string, foreign: Array<{ column: string; table: string }>, expected: string[]) =>
    `This file does not look like the ${table} table: ${foreign.map((f) => `'${f.column}' is the ${f.table} table's id`).join(', ')}. ` +
    `${table[0]!.toUpperCase()}${table.slice(1)} CSV columns: ${expected.join(', ')} and your own fields. Choose the table the file belongs to; nothing was written.`,
  previewUnreadable: 'The server answered a preview this page cannot read; nothing was written.',
  previewFailed: (status: number) => `The file could not be checked (HTTP ${status}); nothing was written.`,
  previewRefusedFiles: 'Nothing is written while a file is refused: go Back and remove or fix it.',
  previewNewFields: (table: string, fields: string[]) =>
    `New fields (no ${table} has them yet): ${fields.join(', ')}. They are added to the rows of this file.`,
  duplicateSameKey: (key: string, value: string) =>
    `'${value}' is the ${key} of the record you duplicated: a copy needs a ${key} of its own.`,
  fileMissing: 'No file in the upload.',
  metaInvalid: 'The meta field must be a JSON object.',
  // ours: QC
  qcIdInvalid: 'A QC id is one folder name: letters, digits, dot, dash and underscore.',
  qcMetadataMissing: (dir: string) => `The QC directory '${dir}' has no metadata.json.`,
  qcMetadataInvalid: (dir: string) => `The metadata.json of '${dir}' is not a JSON object.`,
  qcImagePath: (name: string) => `Image '${name}' must be a relative path inside the QC folder.`,
  qcRootInvalid: "files.root must be a folder key under 'data/' ending with '/'.",
  // ours: storage
  bucketUnknown: (bucket: string) => `Unknown bucket '${bucket}'.`,
  keyInvalid: (problem: string) => `Invalid file name: ${problem}`,
  presignTooLong: (max: number) => `expires_in: links last at most ${max} seconds (longer links are for admins).`,
  notAnImage: (name: string) => `'${name}' is not an image (tif, tiff, png, jpg, jpeg).`,
  cropInvalid: 'Crop corners must satisfy x1 < x2 and y1 < y2.',
  uploadIncomplete: 'The upload ended before the file was complete; nothing was stored.',
  /** A multipart body that cannot be split into parts (no boundary in its Content-Type, or broken part headers). */
  uploadMalformed:
    'The upload is not a readable multipart form (its Content-Type names no boundary, or a part is malformed).',
  outputFilenameMissing: 'output_filename is required.',
  fileTooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  noAwsNotSupported: 'Reading through the server is the only mode here.',
  // ours: Atlas Analytics' run list
  analyticsNoRuns: 'No run has a spatial folder yet.',
  analyticsNoMatch: 'No run matches the search.',
  spatialMetadataMissing: 'spatial/metadata.json is missing',
} as const;
