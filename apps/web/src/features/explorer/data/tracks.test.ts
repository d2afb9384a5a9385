import { describe, expect, it } from 'vitest';
import { parseGeneBed } from './tracks';

describe('parseGeneBed', () => {
  it('maps gene names (any case) to padded 1-based loci, skipping headers and keeping the first entry', () => {
    const loci = parseGeneBed(
      'track name=genes\n#comment\nchr1\t50000\t60000\tActb\t0\t+\nchr2\t1000\t201000\tGfap\t0\t-\nchr3\t0\t10\tActb\t0\t+\n',
    );
    expect(loci.get('ACTB')).toBe('chr1:45001-65000');
    expect(loci.get('GFAP')).toBe('chr2:1-221000');
    expect(loci.size).toBe(2);
  });
});
