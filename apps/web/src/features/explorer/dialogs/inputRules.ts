/** What the dialogs accept (spec 03 §5), pure: Min/Max Range values and cluster colour hex codes. */

/** Min/Max range fields must contain a digit ('Value must be digit'); the value must also be a number. */
export function parseRangeValue(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const v = Number(text.trim());
  return Number.isFinite(v) ? v : null;
}

/** Cluster colour text: must start with '#' ('Must be of Hex Code'); accepted only with at least 6 hex digits after it. */
export function checkHexColour(text: string): { ok: true; hex: string } | { ok: false; error: string | null } {
  const t = text.trim();
  if (!t.startsWith('#')) return { ok: false, error: 'Must be of Hex Code' };
  const body = t.slice(1);
  if (body.length < 6) return { ok: false, error: null };
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(body)) return { ok: false, error: 'Must be of Hex Code' };
  return { ok: true, hex: `#${body.slice(0, 6).toLowerCase()}` };
}
