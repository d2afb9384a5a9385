import type { TFileEdit, TRunFile } from '@atlas/contracts';

/** One row of Add Files: a registered file (file_id) or a new one (null), possibly being edited. */
export interface FileRow extends TFileEdit {
  key: string;
  file_id: number | null;
  editing: boolean;
}

export const rowOfFile = (file: TRunFile): FileRow => ({
  key: `file-${file.file_id}`,
  file_id: file.file_id,
  file_type_name: file.file_type_name,
  bucket_name: file.bucket_name,
  file_path: file.file_path,
  file_description: file.file_description,
  editing: false,
});

/** The confirm check (spec 03 §5): a file path, a description and a type. */
export const rowComplete = (row: TFileEdit) =>
  Boolean(row.file_path.trim() && row.file_description.trim() && row.file_type_name);

const fields = ({ file_type_name, bucket_name, file_path, file_description }: TFileEdit): TFileEdit => ({
  file_type_name,
  bucket_name,
  file_path: file_path.trim(),
  file_description: file_description.trim(),
});

/** Files added, removed and changed against the registered ones (spec 03 §4 Add Files). */
export function fileChanges(original: readonly TRunFile[], rows: readonly FileRow[]) {
  const byId = new Map(original.map((f) => [f.file_id, f]));
  const added = rows.filter((r) => r.file_id === null).map(fields);
  const removed = original.filter((f) => !rows.some((r) => r.file_id === f.file_id)).map((f) => f.file_id);
  const changed = rows
    .filter((r) => r.file_id !== null)
    .filter((r) => JSON.stringify(fields(r)) !== JSON.stringify(fields(byId.get(r.file_id!)!)))
    .map((r) => ({ ...fields(r), file_id: r.file_id! }));
  return { added, removed, changed, any: added.length + removed.length + changed.length > 0 };
}
