import { describe, expect, it } from 'vitest';
import { consensus, informationContent, parseLogoColumns, stackColumn, type LogoColumn } from './seqLogo';

const column = (a: number, c: number, g: number, t: number): LogoColumn => [
  ['A', a],
  ['C', c],
  ['G', g],
  ['T', t],
];

describe('informationContent', () => {
  it('is 2 bits for a certain base, 1 bit for two equal bases and 0 for a uniform or empty column', () => {
    expect(informationContent(column(1, 0, 0, 0))).toBe(2);
    expect(informationContent(column(0, 0.5, 0.5, 0))).toBe(1);
    expect(informationContent(column(0.25, 0.25, 0.25, 0.25))).toBe(0);
    expect(informationContent(column(0, 0, 0, 0))).toBe(0);
  });

  it('treats counts as their proportions', () => {
    // p = (0.25, 0.75): 2 − H = 2 − 0.811278… bits
    expect(informationContent(column(2, 6, 0, 0))).toBeCloseTo(1.188722, 6);
    expect(informationContent(column(2, 6, 0, 0))).toBeCloseTo(informationContent(column(0.25, 0.75, 0, 0)), 12);
  });
});

describe('stackColumn', () => {
  it('stacks the visible letters smallest first, each its share of the column’s bits', () => {
    const stack = stackColumn(column(2, 6, 0, 0));
    expect(stack.map((l) => l.base)).toEqual(['A', 'C']);
    expect(stack[0]!.below).toBe(0);
    expect(stack[0]!.bits).toBeCloseTo(0.25 * 1.188722, 6);
    expect(stack[1]!.below).toBeCloseTo(stack[0]!.bits, 12);
    expect(stack[1]!.bits).toBeCloseTo(0.75 * 1.188722, 6);
  });

  it('orders by height, not by base, and draws nothing for a column without information', () => {
    expect(stackColumn(column(0.7, 0.1, 0.15, 0.05)).map((l) => l.base)).toEqual(['T', 'C', 'G', 'A']);
    expect(stackColumn(column(1, 1, 1, 1))).toEqual([]);
    expect(stackColumn(column(0, 0, 0, 0))).toEqual([]);
  });
});

describe('consensus', () => {
  it('takes the most probable base per position, N where none leads', () => {
    expect(
      consensus([column(0, 1, 0, 0), column(0.6, 0.2, 0.1, 0.1), column(0.5, 0.5, 0, 0), column(0, 0, 0, 0)]),
    ).toBe('CANN');
  });
});

describe('parseLogoColumns', () => {
  it('accepts the task’s result and refuses other shapes', () => {
    const result = [
      [
        ['A', 1],
        ['C', 0],
        ['G', 0],
        ['T', 0],
      ],
    ];
    expect(parseLogoColumns(result)).toEqual(result);
    expect(() => parseLogoColumns({ A: [1] })).toThrow('malformed');
    expect(() =>
      parseLogoColumns([
        [
          ['A', 1],
          ['C', 0],
          ['G', 0],
        ],
      ]),
    ).toThrow('malformed');
    expect(() =>
      parseLogoColumns([
        [
          ['A', 1],
          ['A', 0],
          ['G', 0],
          ['T', 0],
        ],
      ]),
    ).toThrow('Each position needs A, C, G and T once');
    expect(() =>
      parseLogoColumns([
        [
          ['A', -1],
          ['C', 0],
          ['G', 0],
          ['T', 0],
        ],
      ]),
    ).toThrow('malformed');
  });
});
