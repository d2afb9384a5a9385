/**
 * A selection of tixels (cells) as tasks take it: the spec's list of indices, or, when that list would be longer,
 * the same set as a bitset — bit i (byte i >> 3, bit i & 7, least significant first, as annotations store theirs)
 * set for tixel i, base64 in `{ bitset }`. A lasso of 500,000 cells of a 5,000,000-cell run is 3.9 MB as a list
 * (near the 4 MiB task input limit, which a larger lasso passed) and 833 kB as a bitset; a lasso of 50 cells stays
 * a short list. Measured on the 5M run's lasso: posting and claiming the list cost the embedded database ~0.3 s.
 */
import { z } from 'zod';
import { IMPORT_LIMITS } from './import-limits.js';

export interface TixelBitset {
  bitset: string;
}
export type TixelSelection = number[] | TixelBitset;

/** The bits of `indices` (whole numbers ≥ 0), as long as the highest one needs. */
export function bitsetOfIndices(indices: readonly number[]): Uint8Array {
  let highest = -1;
  for (const i of indices) if (i > highest) highest = i;
  const bits = new Uint8Array((highest >> 3) + 1);
  for (const i of indices) bits[i >> 3]! |= 1 << (i & 7);
  return bits;
}

/** Set bits per byte value. */
const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let count = 0;
  for (let b = byte; b; b &= b - 1) count++;
  return count;
});

/**
 * The ascending indices of a bitset's set bits: counted first, then written into an array of that length, visiting
 * set bits only (3× faster than pushing bit by bit: 16 ms for 500,000 of 5,000,000, read twice per posted lasso).
 */
export function indicesOfBitset(bits: Uint8Array): number[] {
  let count = 0;
  for (let at = 0; at < bits.length; at++) count += BITS_SET[bits[at]!]!;
  const indices = new Array<number>(count);
  let k = 0;
  for (let at = 0; at < bits.length; at++) {
    for (let byte = bits[at]!; byte !== 0; byte &= byte - 1) indices[k++] = (at << 3) | (31 - Math.clz32(byte & -byte));
  }
  return indices;
}

/** `Uint8Array.prototype.toBase64` (TC39 base64 proposal), which TypeScript's library does not name yet. */
interface WithToBase64 {
  toBase64?: () => string;
}

/**
 * Base64 of bytes: the engine's own encoder where it has one (Chromium 140 on: a 5M-cell run's 625 kB bitset in ~1 ms,
 * where the pieces below took 13 ms of the lasso's main thread), else in pieces: String.fromCharCode takes a bounded
 * number of arguments.
 */
function base64Of(bytes: Uint8Array): string {
  const native = (bytes as WithToBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

function bytesOfBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The shorter wire form of a selection: its list of indices, or its bitset when that is shorter as JSON. */
export function compactSelection(indices: readonly number[]): TixelSelection {
  let highest = 0;
  for (const i of indices) if (i > highest) highest = i;
  // Every index as JSON takes at most the highest's digits and a comma; the bitset 4 base64 characters per 3 bytes.
  const listChars = indices.length * (String(highest).length + 1);
  const bitsetChars = Math.ceil(((highest >> 3) + 1) / 3) * 4;
  return bitsetChars < listChars ? { bitset: base64Of(bitsetOfIndices(indices)) } : [...indices];
}

/** The indices a selection in either wire form holds (a list as it is). */
export function indicesOfSelection(selection: TixelSelection): number[] {
  return Array.isArray(selection) ? selection : indicesOfBitset(bytesOfBase64(selection.bitset));
}

/**
 * The longest bitset, in base64 characters: one bit per tixel of the largest run an import accepts, so that a posted
 * bitset (the public task route has no task input limit) is bounded before it is decoded into indices.
 */
const BITSET_MAX_CHARS = Math.ceil(Math.ceil(IMPORT_LIMITS.maxObs / 8) / 3) * 4;

/** The bitset form as posted (not yet read). */
export const ZTixelBitset = z
  .object({
    bitset: z
      .string()
      .max(BITSET_MAX_CHARS, `A selection covers at most ${IMPORT_LIMITS.maxObs.toLocaleString('en-US')} tixels`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected a base64 bitset'),
  })
  .strict();

/**
 * A posted selection, either form, as its list of indices (integers ≥ 0, checked in one loop: zod's per-item checks
 * cost ~7 ms per parse for a 50,000-tixel list, and a posted ranking is parsed when posted and when run). Its size
 * is bounded by the task input limit before it is read. The form is told by its type, so that an error names the
 * form's own problem (a list's first bad item, a bitset's encoding) rather than "matches neither". `list` is the
 * list form's own schema, for a door with its own bound and messages (annotations).
 */
export const ZTixelSelection = (emptyMessage: string, list: z.ZodType<number[]> = z.array(z.number())) =>
  z.unknown().transform((value, ctx): number[] => {
    const form = Array.isArray(value) ? list.safeParse(value) : ZTixelBitset.safeParse(value);
    if (!form.success) {
      for (const { message, path } of form.error.issues) ctx.addIssue({ code: 'custom', message, path });
      return z.NEVER;
    }
    const items = indicesOfSelection(form.data);
    if (items.length === 0) ctx.addIssue({ code: 'custom', message: emptyMessage });
    const bad = items.findIndex((i) => !Number.isInteger(i) || i < 0);
    if (bad >= 0) ctx.addIssue({ code: 'custom', path: [bad], message: 'Expected a tixel index (an integer ≥ 0)' });
    return items;
  });
