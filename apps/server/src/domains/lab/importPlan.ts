import {
  LAB_KEY,
  LAB_KINDS,
  LAB_LIST_COLUMNS,
  LAB_MSG,
  LAB_SINGULAR,
  type LabKind,
  type TPreviewRow,
} from '@atlas/contracts';
import { CsvError } from './csv.js';

/**
 * What a metadata CSV would do to its table, decided before anything is written (issue 37 item 6: a chip CSV
 * uploaded as the wafer table overwrote a wafer's diameter and added `chip_id` with only '1 updated').
 *
 * Columns: spec 02 §3 lets records carry free-form fields, so a column the table has never held is not an error:
 * the preview lists it as a new field and the user confirms. A column that is another table's id (`chip_id` in a
 * wafer CSV) is the sign of the wrong table and is refused, unless records of this table already hold that field.
 */

/** Ids of the other tables that a file of `kind` should not carry (a chip's `wafer_id` is its own field). */
function foreignIds(kind: LabKind): Array<{ column: string; table: string }> {
  return LAB_KINDS.filter((other) => other !== kind)
    .map((other) => ({ column: LAB_KEY[other], table: LAB_SINGULAR[other] }))
    .filter(({ column }) => !LAB_LIST_COLUMNS[kind].includes(column));
}

/**
 * Checks a CSV's columns against the table: throws a CsvError naming another table's id columns and the columns
 * this table expects; answers the columns that would be new fields (neither usual nor held by a stored record).
 */
export function checkColumns(kind: LabKind, columns: string[], storedFields: Iterable<string>): string[] {
  const known = new Set([...LAB_LIST_COLUMNS[kind], ...storedFields]);
  const foreign = foreignIds(kind).filter(({ column }) => columns.includes(column) && !known.has(column));
  if (foreign.length > 0)
    throw new CsvError(LAB_MSG.csvForeignColumns(LAB_SINGULAR[kind], foreign, LAB_LIST_COLUMNS[kind]));
  return columns.filter((column) => !known.has(column));
}

/** JSON with sorted keys: equal values give equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export interface PlannedItem {
  key: string;
  row: number;
  doc: Record<string, unknown>;
}

/**
 * Per row: new (no stored record has the key), changed (the fields whose value differs, old → new) or unchanged;
 * the same merge as the write (given fields replace stored ones, the others stay).
 */
export function previewRows(items: PlannedItem[], stored: Map<string, Record<string, unknown>>): TPreviewRow[] {
  return items.map(({ key, row, doc }) => {
    const target = stored.get(key);
    if (!target) return { key, row, status: 'new', changes: [] };
    const changes = Object.entries(doc)
      .filter(([field, value]) => canonical(target[field]) !== canonical(value))
      .map(([field, value]) =>
        Object.hasOwn(target, field) ? { field, old: target[field], new: value } : { field, new: value },
      );
    return { key, row, status: changes.length > 0 ? 'changed' : 'unchanged', changes };
  });
}
