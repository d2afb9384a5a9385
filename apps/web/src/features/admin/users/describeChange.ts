/** One readable line for an audit entry's before/after JSON: the fields that changed, old → new. */
export function describeChange(before: unknown, after: unknown): string {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => show(before[key]) !== show(after[key]))
      .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`)
      .join('; ');
  }
  if (before === null || before === undefined) return describeState(after);
  if (after === null || after === undefined) return `removed ${describeState(before)}`;
  return `${show(before)} → ${show(after)}`;
}

/** A created or removed record as its fields, e.g. `name: lab-a; description: Lab A`. */
function describeState(value: unknown): string {
  if (!isRecord(value)) return show(value);
  return Object.entries(value)
    .map(([key, field]) => `${key}: ${show(field)}`)
    .join('; ');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
