import { describe, expect, it } from 'vitest';
import { hasNextPage, megabytes, megabytesIndian, pageCounter } from './format';

describe('transfer formatting', () => {
  it('shows sizes in MB, the Illumina list in Indian number format', () => {
    expect(megabytes(8 * 1048576 + 12345)).toBe('8.01');
    expect(megabytesIndian(3 * 1024 * 1048576 * 100)).toBe('3,07,200.00');
  });

  it('counts pages as [from-to] / total and stops Next as the spec says', () => {
    expect(pageCounter(0, 10, 23)).toBe('[1-10] / 23');
    expect(pageCounter(20, 3, 23)).toBe('[21-23] / 23');
    expect(pageCounter(0, 0, 0)).toBe('[0-0] / 0');
    expect(hasNextPage(0, 10, 23)).toBe(true);
    expect(hasNextPage(10, 10, 23)).toBe(true);
    expect(hasNextPage(20, 10, 23)).toBe(false);
  });
});
