const MiB = 1048576;

/** Sizes in MB as the transfer tools show them (bytes / 1048576, spec 03 §9). */
export const megabytes = (bytes: number) => (bytes / MiB).toFixed(2);

/** The Illumina list's sizes: MB in Indian number format (spec 03 §9). */
export const megabytesIndian = (bytes: number) =>
  (bytes / MiB).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The Illumina list's counter, '[from-to] / total' (1-based; '[0-0] / 0' when empty). */
export function pageCounter(offset: number, shown: number, total: number): string {
  if (shown === 0) return `[0-0] / ${total}`;
  return `[${offset + 1}-${offset + shown}] / ${total}`;
}

/** Next is disabled when offset + limit + 1 >= total (spec 03 §9, as written there). */
export const hasNextPage = (offset: number, limit: number, total: number) => offset + limit + 1 < total;
