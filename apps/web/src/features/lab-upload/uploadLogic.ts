import { CSV_MAX_MB, LAB_MSG, STEP_NAME_MAX_CHARS, type TImportResult } from '@atlas/contracts';

/** A step header's file name: at most 15 characters, then an ellipsis (spec 02 §2.5, §9). */
export function shortenName(name: string, max: number = STEP_NAME_MAX_CHARS): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** The dialog is 35vw wide, or unset (its natural width) when 3 or more files are chosen (spec 02 §2.5). */
export function dialogWidth(fileCount: number): string | undefined {
  return fileCount >= 3 ? undefined : '35vw';
}

export const isCsvName = (name: string): boolean => /\.csv$/i.test(name.trim());

/** Over the server's limit: refused here, before a byte is sent (the server refused it only after 100 %). */
export const isTooLarge = (size: number): boolean => size > CSV_MAX_MB * 1024 * 1024;

/** A chosen file that cannot be uploaded: not a CSV, or too large. */
export const isRefusedFile = (file: { name: string; size: number }): boolean =>
  !isCsvName(file.name) || isTooLarge(file.size);

/** The file-pick step's error: none chosen, any that is not a CSV (spec 02 §5), any over the size limit. */
export function filesProblem(files: Array<{ name: string; size: number }>): string | null {
  if (files.length === 0) return LAB_MSG.fieldCannotBeEmpty;
  if (files.some((file) => !isCsvName(file.name))) return LAB_MSG.onlyCsv;
  const large = files.find((file) => isTooLarge(file.size));
  if (large) return `${large.name}: ${LAB_MSG.csvTooLarge(CSV_MAX_MB)}`;
  return null;
}

/** One line for a finished import: counts, then duplicate keys and warnings the server reported. */
export function describeImport(result: TImportResult): string {
  const parts = [`${result.created} created`, `${result.updated} updated`, `${result.skipped} skipped`];
  let text = parts.join(', ');
  // The server's warnings already name duplicate keys; without warnings, list the duplicates ourselves.
  if (result.warnings.length > 0) text += `. ${result.warnings.join(' ')}`;
  else if (result.duplicates.length > 0) {
    const dups = result.duplicates.map((d) => `${d.key} (rows ${d.rows.join(', ')})`).join('; ');
    text += `. Duplicates: ${dups}`;
  }
  return text;
}

/** Whether an import reported something to look at (duplicates or warnings): shown with a warning icon. */
export const importHasNotes = (result: TImportResult): boolean =>
  result.duplicates.length > 0 || result.warnings.length > 0;

export interface ItemStatus {
  finished: boolean;
  error: string | null;
  cancelled: boolean;
}

/** The batch is in progress while any item is neither finished, failed nor cancelled. */
export const batchInProgress = (items: ItemStatus[]): boolean =>
  items.some((item) => !item.finished && !item.error && !item.cancelled);

/** The finished icon is a check only when every upload succeeded (spec 02 §4.2). */
export const batchSucceeded = (items: ItemStatus[]): boolean =>
  items.length > 0 && items.every((item) => item.finished && !item.error && !item.cancelled);
