/**
 * A selection of tixels (cells) as tasks take it: the spec's list of indices, or, when that list would be longer,
 * the same set in the shorter of two other forms:
 * - a bitset: bit i (byte i >> 3, bit i & 7, least significant first, as annotations store theirs) set for tixel i,
 *   base64 in `{ bitset }`;
 * - its runs of consecutive indices: `{ ranges: [start, length, start, length, …] }`, ascending, apart.
 * A lasso of 500,000 cells of a 5,000,000-cell run is 3.9 MB as a list (near the 4 MiB task input limit, which a
 * larger lasso passed) and 833 kB as a bitset; a lasso of 50 cells stays a short list. Runs store cells in an order
 * with some place in it (a grid's rows, an instrument's fields of view), so a lasso's cells come in runs: the 5M
 * run's 555,000-cell disc is 841 runs, 10 kB as ranges, whose task row the embedded database writes in a
 * fraction of the bitset's 20–86 ms. Measured on the 5M run's lasso: posting and claiming the list cost the
 * embedded database ~0.3 s.
 */
import { z } from 'zod';
import { IMPORT_LIMITS } from './import-limits.js';

export interface TixelBitset {
  bitset: string;
}
export interface TixelRanges {
  ranges: number[];
}
export type TixelSelection = number[] | TixelBitset | TixelRanges;

/**
 * The most numbers a ranges form holds (50,000 runs): more runs are sent as the bitset, which is then shorter or
 * near it, so the bound costs no selection its form and keeps a posted one's check short.
 */
export const RANGES_MAX_NUMBERS = 100_000;

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

/**
 * The runs of set bits of a bitset as [start, length] pairs, ascending; null once there are more numbers than
 * `maxNumbers`. Whole bytes of 0 and 255 are stepped over: a 5M-cell run's bitset is read in ~1 ms.
 */
export function rangesOfBitset(bits: Uint8Array, maxNumbers = Infinity): number[] | null {
  const ranges: number[] = [];
  let start = -1;
  for (let at = 0; at < bits.length; at++) {
    const byte = bits[at]!;
    if (byte === 0 && start < 0) continue;
    if (byte === 0xff && start >= 0) continue;
    for (let bit = 0; bit < 8; bit++) {
      const set = (byte >> bit) & 1;
      if (set && start < 0) start = (at << 3) | bit;
      else if (!set && start >= 0) {
        if (ranges.length + 2 > maxNumbers) return null;
        ranges.push(start, ((at << 3) | bit) - start);
        start = -1;
      }
    }
  }
  if (start >= 0) {
    if (ranges.length + 2 > maxNumbers) return null;
    ranges.push(start, (bits.length << 3) - start);
  }
  return ranges;
}

/** The indices of a ranges form, ascending (checked by rangesProblem before). */
export function indicesOfRanges(ranges: readonly number[]): number[] {
  let count = 0;
  for (let k = 1; k < ranges.length; k += 2) count += ranges[k]!;
  const indices = new Array<number>(count);
  let n = 0;
  for (let k = 0; k < ranges.length; k += 2) {
    const start = ranges[k]!;
    for (let i = start, end = start + ranges[k + 1]!; i < end; i++) indices[n++] = i;
  }
  return indices;
}

/**
 * The shortest wire form of a selection as JSON: its list of indices, its bitset or its ranges. A list of a few
 * indices is sent as it is without building the others.
 */
export function compactSelection(indices: readonly number[]): TixelSelection {
  let highest = 0;
  for (const i of indices) if (i > highest) highest = i;
  // Every index as JSON takes at most the highest's digits and a comma; the bitset 4 base64 characters per 3 bytes.
  const listChars = indices.length * (String(highest).length + 1);
  if (indices.length <= 2) return [...indices];
  const bits = bitsetOfIndices(indices);
  const bitsetChars = Math.ceil(bits.length / 3) * 4;
  // Each number takes two characters at least, and ranges are sent only in fewer numbers than the list.
  const maxNumbers = Math.min(RANGES_MAX_NUMBERS, indices.length - 1, Math.ceil(Math.min(listChars, bitsetChars) / 2));
  const ranges = rangesOfBitset(bits, maxNumbers);
  const rangesChars = ranges ? JSON.stringify(ranges).length : Infinity;
  if (rangesChars < Math.min(listChars, bitsetChars)) return { ranges: ranges! };
  return bitsetChars < listChars ? { bitset: base64Of(bits) } : [...indices];
}

/** The indices a selection in any wire form holds (a list as it is; the other forms ascending, without repeats). */
export function indicesOfSelection(selection: TixelSelection): number[] {
  if (Array.isArray(selection)) return selection;
  return 'ranges' in selection ? indicesOfRanges(selection.ranges) : indicesOfBitset(bytesOfBase64(selection.bitset));
}

/**
 * The longest bitset, in base64 characters: one bit per tixel of the largest run an import accepts, so that a posted
 * bitset (the public task route has no task input limit) is bounded before it is decoded into indices.
 */
const BITSET_MAX_CHARS = Math.ceil(Math.ceil(IMPORT_LIMITS.maxObs / 8) / 3) * 4;

const TOO_MANY_TIXELS = `A selection covers at most ${IMPORT_LIMITS.maxObs.toLocaleString('en-US')} tixels`;

/** The bitset form as posted (not yet read). */
export const ZTixelBitset = z
  .object({
    bitset: z
      .string()
      .max(BITSET_MAX_CHARS, TOO_MANY_TIXELS)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Expected a base64 bitset'),
  })
  .strict();

/**
 * Why a posted ranges form cannot be read, or null: pairs of a start (an integer ≥ 0) and a length (an integer ≥ 1),
 * each run after the one before it, within the largest run an import accepts (so what it decodes to is bounded).
 */
function rangesProblem(ranges: readonly number[]): string | null {
  if (ranges.length % 2 !== 0) return 'Expected [start, length] pairs';
  let end = 0;
  for (let k = 0; k < ranges.length; k += 2) {
    const start = ranges[k]!;
    const length = ranges[k + 1]!;
    if (!Number.isInteger(start) || start < 0) return 'Expected a start that is a tixel index (an integer ≥ 0)';
    if (!Number.isInteger(length) || length < 1) return 'Expected a length that is an integer ≥ 1';
    if (start < end) return 'Expected ranges in ascending order, apart';
    end = start + length;
    if (end > IMPORT_LIMITS.maxObs) return TOO_MANY_TIXELS;
  }
  return null;
}

/** The ranges form as posted (not yet read). */
export const ZTixelRanges = z
  .object({
    ranges: z.array(z.number()).max(RANGES_MAX_NUMBERS, `A selection holds at most ${RANGES_MAX_NUMBERS / 2} ranges`),
  })
  .strict()
  .superRefine(({ ranges }, ctx) => {
    const problem = rangesProblem(ranges);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ranges'] });
  });

/** Any posted wire form, not yet read (the public task door's field; tasks read it with ZTixelSelection). */
export const ZTixelSelectionForm = z.union([z.array(z.number().int().nonnegative()), ZTixelBitset, ZTixelRanges]);

/** An object that names `ranges` is read as the ranges form, so its errors are that form's own. */
const isRangesForm = (value: unknown): boolean => typeof value === 'object' && value !== null && 'ranges' in value;

/**
 * A posted selection, any form, as its list of indices (integers ≥ 0, checked in one loop: zod's per-item checks
 * cost ~7 ms per parse for a 50,000-tixel list, and a posted ranking is parsed when posted and when run). Its size
 * is bounded by the task input limit before it is read. The form is told by its type, so that an error names the
 * form's own problem (a list's first bad item, a bitset's encoding) rather than "matches neither". `list` is the
 * list form's own schema, for a door with its own bound and messages (annotations).
 */
export const ZTixelSelection = (emptyMessage: string, list: z.ZodType<number[]> = z.array(z.number())) =>
  z.unknown().transform((value, ctx): number[] => {
    const form = Array.isArray(value)
      ? list.safeParse(value)
      : isRangesForm(value)
        ? ZTixelRanges.safeParse(value)
        : ZTixelBitset.safeParse(value);
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
