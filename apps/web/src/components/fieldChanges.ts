/** One field that differs between an audit entry's before and after, as display text. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(show).join('; ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
};

/**
 * The fields of an audit entry whose shown value differs between before and after, in the order they first appear
 * (`_id`, a record's internal id, left out): the history dialogs of lab records and of runs.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((field) => field !== '_id');
  return fields
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }))
    .filter((change) => change.before !== change.after);
}
