/** What to do with a request's `Range` header, given the object's size (RFC 9110 §14). */
export type RangeDecision =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Resolves a single `bytes=` range to inclusive offsets. Anything we may ignore under the RFC (no header,
 * another unit, a malformed spec, several ranges) serves the whole object rather than failing.
 */
export function resolveRangeHeader(header: string | undefined, size: number): RangeDecision {
  const match = /^\s*bytes\s*=\s*(.+?)\s*$/i.exec(header ?? '');
  if (!match || match[1]!.includes(',')) return { kind: 'whole' };
  const spec = SPEC.exec(match[1]!);
  if (!spec) return { kind: 'whole' };
  const [, first = '', last = ''] = spec;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') return suffix(Number(last), size);
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (end < start && last !== '') return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** `bytes=-N`: the last N bytes, or the whole object when it is shorter. */
function suffix(length: number, size: number): RangeDecision {
  if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
}

/** The `Content-Range` value of a 206 (or of a 416, without a range). */
export function contentRange(range: { start: number; end: number } | undefined, size: number): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
