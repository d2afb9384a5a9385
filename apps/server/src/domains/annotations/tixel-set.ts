/**
 * An annotation's tixels as stored (issue 33 item 1): a bitset where bit i — byte i >> 3, bit i & 7, least
 * significant first, as PostgreSQL's get_bit/set_bit number them — is set for tixel i, as long as the highest
 * index needs. Bounded by the run's tixel count / 8 bytes whatever the selection (a 1,000,000-tixel chip: 125 KB
 * at most), where the list as JSON took up to 6.9 MB.
 */

/** An index that is not a tixel of the run (a whole number from 0 to count - 1). */
export class TixelIndexError extends Error {
  constructor(readonly index: number) {
    super(`Tixel index ${index} is out of range`);
  }
}

/** The bitset of `indices`, each checked against the run's `count`; repeats count once. */
export function tixelBitset(indices: readonly number[], count: number): { bits: Uint8Array; size: number } {
  let highest = -1;
  for (const index of indices) {
    if (!Number.isInteger(index) || index < 0 || index >= count) throw new TixelIndexError(index);
    if (index > highest) highest = index;
  }
  const bits = new Uint8Array((highest >> 3) + 1);
  let size = 0;
  for (const index of indices) {
    const mask = 1 << (index & 7);
    const at = index >> 3;
    if ((bits[at]! & mask) === 0) {
      bits[at]! |= mask;
      size++;
    }
  }
  return { bits, size };
}
