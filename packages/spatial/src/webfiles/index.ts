export {
  ANALYSIS_FILE,
  buildWebFiles,
  FEATURE_FILES,
  type FeatureInput,
  type FeatureKind,
  type WebFileSink,
  type WebFilesInput,
  writeWebFiles,
} from './build.js';
export {
  CSC_HEADER_BYTES,
  CSC_MAGIC,
  CSC_VERSION,
  cscBlockEntries,
  cscBlockRange,
  cscColumns,
  cscOffsetRange,
  decodeCscBlock,
  encodeCsc,
  getSummationBinary,
  openCsc,
  readCscFeature,
  readCscHeader,
  type CscFile,
  type CscHeader,
  type RangeReader,
} from './csc.js';
export { BARCODES_FILE, formatBarcodes, parseBarcodes, pickBarcodes } from './barcodes.js';
export {
  float32Text,
  formatDataCsv,
  parseDataCsv,
  pickDataCsvRows,
  selectDataCsvRows,
  type DataCsv,
} from './data-csv.js';
export { checkRowsWithin, RowOutOfRangeError } from './pick-lines.js';
export { formatNames, parseNames } from './names.js';
export { printf62 } from './printf.js';
export {
  formatSummationLine,
  getSummationText,
  pickSummationLines,
  parseSummationChunk,
  parseSummationLine,
  SUMMATION_CHUNK,
  summationChunkPath,
  summationTextChunks,
  TEXT_SUMMATION_MAX_VALUES,
  writesTextSummations,
  type SummationChunk,
} from './summation-text.js';
export {
  decodeTixelTable,
  encodeTixelTable,
  TIXEL_TABLE_MAGIC,
  TIXEL_TABLE_MEDIA_TYPE,
  type TixelTable,
} from './tixel-table.js';
export {
  decodeSelectionIndex,
  encodeSelectionIndex,
  markSelectionRowsRead,
  markSelectionTilesRead,
  partialSelectionIndex,
  planSelectionReads,
  readSelectionHeader,
  SELECTION_HEADER_BYTES,
  SELECTION_MAGIC,
  SELECTION_VERSION,
  selectionEntryParts,
  selectionTileParts,
  type SelectionFileLayout,
} from './selection-file.js';
export {
  annotationColumn,
  barcodesCsv,
  categoricalOf,
  exportedValueCount,
  matrixRows,
  runAnnData,
  type RunAnnDataInput,
} from './run-anndata.js';
