/** The QC upload target folder (spec 02 §9). */
export const QC_TARGET_FOLDER = 'data';

export interface QcPickedFile {
  /** `webkitRelativePath`: `{chosen folder}/{qc id}/…`. */
  path: string;
  size: number;
}

export interface QcUploadPlan<F extends QcPickedFile = QcPickedFile> {
  /** The QC ids: the sub-directories under the chosen folder (spec 02 §4.2), sorted. */
  ids: string[];
  /** Ids whose folder has no metadata.json at its top. */
  missingMetadata: string[];
  /** The files to upload with their storage keys (`data/{id}/…`). */
  items: Array<{ file: F; key: string; id: string }>;
  /** Files lying directly in the chosen folder, outside any QC folder: not uploaded. */
  skipped: F[];
}

/**
 * Groups picked files by QC folder. The chosen folder normally holds one folder per QC run; when it has a
 * metadata.json of its own and no sub-folders, the chosen folder itself is the one QC run.
 */
export function planQcUpload<F extends QcPickedFile>(files: F[]): QcUploadPlan<F> {
  const parts = files.map((file) => ({ file, segments: file.path.split('/').filter(Boolean) }));
  const nested = parts.filter((p) => p.segments.length >= 3);
  const loose = parts.filter((p) => p.segments.length < 3);
  const single = nested.length === 0 && loose.some((p) => p.segments[p.segments.length - 1] === 'metadata.json');
  const items: QcUploadPlan<F>['items'] = [];
  const skipped: F[] = [];
  const withMetadata = new Set<string>();
  const ids = new Set<string>();
  for (const { file, segments } of parts) {
    // In the usual layout drop the chosen folder's name; when it is itself the QC run keep it.
    const rel = single ? segments : segments.slice(1);
    if (rel.length < 2) {
      skipped.push(file);
      continue;
    }
    const id = rel[0]!;
    ids.add(id);
    if (rel.length === 2 && rel[1] === 'metadata.json') withMetadata.add(id);
    items.push({ file, key: `${QC_TARGET_FOLDER}/${rel.join('/')}`, id });
  }
  const sorted = [...ids].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return { ids: sorted, missingMetadata: sorted.filter((id) => !withMetadata.has(id)), items, skipped };
}

/** Upload is possible when a directory is loaded and every top-level folder has metadata.json (spec 02 §4.2). */
export function canUploadQc(plan: QcUploadPlan): boolean {
  return plan.ids.length > 0 && plan.missingMetadata.length === 0;
}

/** Human-readable size: 1.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
