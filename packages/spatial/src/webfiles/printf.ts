/**
 * C `printf("%6.2f", x)` for a double, byte for byte as glibc prints it (and numpy's savetxt, which uses Python's
 * correctly rounded formatting), so our text summations equal the original system's.
 *
 * `Number.prototype.toFixed` already rounds the exact binary value, so 0.005 (really 0.005000000000000000104…)
 * becomes 0.01 in both. They differ only where C differs from "round half up": an exact tie goes to the even
 * digit in C (0.125 → 0.12), and ties are exactly the values with a fraction of odd eighths. C also keeps the
 * sign of −0 and of negatives that round to zero, prints nan/inf, and never switches to exponent notation.
 */
export function printf62(x: number): string {
  return formatFixed2(x).padStart(6, ' ');
}

function formatFixed2(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  const negative = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  if (a === Infinity) return negative ? '-inf' : 'inf';
  return (negative ? '-' : '') + fixed2Abs(a);
}

function fixed2Abs(a: number): string {
  // a·8 is exact (a power-of-two scaling); an odd integer there means a·100 ends in exactly .5: a tie.
  const eighths = a * 8;
  if (Number.isInteger(eighths) && eighths % 2 === 1) {
    const twice = BigInt(eighths) * 25n; // = 2·(a·100), odd
    const low = (twice - 1n) / 2n;
    return hundredths(low % 2n === 0n ? low : low + 1n);
  }
  // toFixed falls back to exponent notation from 1e21, where every double is an integer anyway.
  return a < 1e21 ? a.toFixed(2) : `${BigInt(a)}.00`;
}

function hundredths(n: bigint): string {
  return `${n / 100n}.${(n % 100n).toString().padStart(2, '0')}`;
}
