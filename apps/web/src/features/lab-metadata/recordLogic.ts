import { LAB_MSG, type LabKind } from '@atlas/contracts';
import { KIND_INFO } from './labKinds';

/** A record as the editor holds it: every field except `_id` as text (spec 02 §2.4 "every field is a text field"). */
export type LabRecord = Record<string, unknown>;
export type Draft = Record<string, string>;

/** Field values as shown in tables and text fields. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Reads a field; a chip's wafer is stored as `wafer_id` but older records may say `waferid` (spec 02 §2.4). */
export function readField(record: LabRecord, field: string): unknown {
  if (field === 'wafer_id' && (record.wafer_id === undefined || record.wafer_id === '')) return record.waferid;
  if (field === 'waferid' && (record.waferid === undefined || record.waferid === '')) return record.wafer_id;
  return record[field];
}

/**
 * Field names in editor order: the kind's key fields first, then its usual list columns, then the free-form fields
 * alphabetically (the server does not keep field order); `_id` is never shown.
 */
function orderedFields(kind: LabKind, fields: Iterable<string>): string[] {
  const keys = KIND_INFO[kind].keyFields;
  const usual = KIND_INFO[kind].listColumns;
  const rest: string[] = [];
  const present = new Set<string>();
  for (const field of fields) {
    // A chip's `waferid` is read through `wafer_id`; showing both would edit one value twice.
    if (field === '_id' || present.has(field) || (kind === 'chips' && field === 'waferid')) continue;
    present.add(field);
    if (!keys.includes(field)) rest.push(field);
  }
  const rank = (field: string) => (usual.includes(field) ? usual.indexOf(field) : usual.length);
  rest.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [...keys, ...rest];
}

/** The editor's text form of a record (key fields always present, even when empty). */
export function toDraft(kind: LabKind, record: LabRecord): Draft {
  const fields = orderedFields(kind, Object.keys(record));
  return Object.fromEntries(fields.map((field) => [field, showValue(readField(record, field))]));
}

/** Whether the draft differs from the record it was made from (new fields with text count; empty new ones do not). */
export function isChanged(original: Draft, draft: Draft): boolean {
  const fields = new Set([...Object.keys(original), ...Object.keys(draft)]);
  for (const field of fields) {
    if ((original[field] ?? '') !== (draft[field] ?? '')) return true;
  }
  return false;
}

/** Save needs a change and a non-empty key (spec 02 §4.1, §5). */
export function canSave(kind: LabKind, original: Draft, draft: Draft): boolean {
  return isChanged(original, draft) && (draft[KIND_INFO[kind].key] ?? '').trim() !== '';
}

/**
 * The key field's problem while editing: empty (spec 02 §5), or a duplicate still holding the key of the record it
 * was copied from (issue 37 item 9: retyping that key left Save disabled with no word why).
 */
export function keyProblem(kind: LabKind, draft: Draft, duplicatedKey: string | null): string | null {
  const key = KIND_INFO[kind].key;
  const value = (draft[key] ?? '').trim();
  if (!value) return LAB_MSG.fieldCannotBeEmpty;
  if (duplicatedKey && value === duplicatedKey) return LAB_MSG.duplicateSameKey(key, value);
  return null;
}

/** A plain decimal number, as the CSV importer reads one (no leading zeros, so `007` stays text). */
const PLAIN_NUMBER = /^-?(0|[1-9][0-9]{0,14})(\.[0-9]+)?$/;
const isIdField = (kind: LabKind, field: string) =>
  field === KIND_INFO[kind].key || /(^|_)id$|^(wafer|chip|run)id$/.test(field);

/**
 * The record PUT sends: the draft's text, with numbers kept as numbers where the stored value was a number and the
 * text still reads as one, and a new field's plain number typed as the CSV importer types it (ids stay text);
 * `_id` when the record has one; a chip's `waferid` is sent as `wafer_id`.
 */
export function toRecord(kind: LabKind, source: LabRecord, draft: Draft): LabRecord {
  const out: LabRecord = {};
  if (typeof source._id === 'string' && source._id) out._id = source._id;
  for (const [field, text] of Object.entries(draft)) {
    const before = readField(source, field);
    if (typeof before === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) out[field] = Number(text);
    else if (typeof before === 'boolean' && (text === 'true' || text === 'false')) out[field] = text === 'true';
    else if (before !== null && typeof before === 'object' && text === showValue(before)) out[field] = before;
    else if (before === undefined && !isIdField(kind, field) && PLAIN_NUMBER.test(text.trim()))
      out[field] = Number(text);
    else out[field] = field === KIND_INFO[kind].key ? text.trim() : text;
  }
  return out;
}

/** A stored record's values without its `_id`: the model of a duplicate, which is saved as a new record. */
export function withoutId(record: LabRecord): LabRecord {
  const { _id: _ignored, ...rest } = record;
  return rest;
}

/** Duplicate: the same fields, the key and `_id` cleared (spec 02 §4.1). */
export function duplicateDraft(kind: LabKind, draft: Draft): Draft {
  return { ...draft, [KIND_INFO[kind].key]: '' };
}

/** Add: an empty record with the fields of a model record (the first list item or the current record). */
export function emptyDraft(kind: LabKind, model?: LabRecord): Draft {
  const fields = orderedFields(kind, Object.keys(model ?? {}));
  return Object.fromEntries(fields.map((field) => [field, '']));
}

/** The detail editor's title: '{Chip|Wafer|DBiT} Details - {first field value}'. */
export function detailsTitle(kind: LabKind, draft: Draft): string {
  const first = Object.values(draft)[0] ?? '';
  return `${KIND_INFO[kind].noun} Details - ${first}`;
}

/** A field name the user may add: not empty, not `_id`, not already there. */
export function newFieldProblem(name: string, draft: Draft): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Field cannot be empty.';
  if (trimmed === '_id') return "'_id' is set by the server.";
  if (!/^[A-Za-z0-9_][A-Za-z0-9_ .-]*$/.test(trimmed)) return 'Use letters, digits, spaces, dot, dash or underscore.';
  if (Object.hasOwn(draft, trimmed)) return `The field '${trimmed}' already exists.`;
  return null;
}

/** Case-insensitive search over every shown field of a record. */
export function matchesSearch(record: LabRecord, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return Object.entries(record).some(
    ([field, value]) => field !== '_id' && showValue(value).toLowerCase().includes(needle),
  );
}

/** Records sorted by their key, numbers in keys compared naturally (C9 before C10). */
export function sortByKey(kind: LabKind, records: LabRecord[]): LabRecord[] {
  const key = KIND_INFO[kind].key;
  return [...records].sort((a, b) =>
    showValue(a[key]).localeCompare(showValue(b[key]), undefined, { numeric: true, sensitivity: 'base' }),
  );
}
