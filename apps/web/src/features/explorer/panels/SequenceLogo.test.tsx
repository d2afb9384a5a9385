// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PX_PER_BIT, SequenceLogo } from './SequenceLogo';
import type { LogoColumn } from './seqLogo';

const column = (a: number, c: number, g: number, t: number): LogoColumn => [
  ['A', a],
  ['C', c],
  ['G', g],
  ['T', t],
];

/** The letter box a glyph path is scaled to: its glyph spans 0–100, so the scale × 100 is its size in pixels. */
function box(path: Element): { top: number; height: number } {
  const match = /translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+) ([\d.e-]+)\)/.exec(path.getAttribute('transform')!)!;
  return { top: Number(match[2]), height: Number(match[4]) * 100 };
}

afterEach(cleanup);

describe('SequenceLogo', () => {
  it('draws one column per position, named for screen readers by the motif and its consensus', () => {
    render(
      <SequenceLogo
        motif="MA0004.1_Arnt"
        columns={[column(0, 1, 0, 0), column(1, 0, 0, 0), column(0.25, 0.25, 0.25, 0.25)]}
      />,
    );
    const logo = screen.getByRole('img', { name: 'Sequence logo of MA0004.1_Arnt: consensus CAN' });
    expect(logo.querySelectorAll('[data-testid="logo-column"]')).toHaveLength(3);
    // The uniform third position carries no information, so it draws no letter.
    expect([...logo.querySelectorAll('path')].map((p) => p.getAttribute('data-base'))).toEqual(['C', 'A']);
  });

  it('makes each letter as tall as its bits and stacks it on the letters below', () => {
    render(<SequenceLogo motif="M" columns={[column(1, 0, 0, 0), column(0, 2, 6, 0)]} />);
    const [a, c, g] = [...screen.getByRole('img').querySelectorAll('path')];
    const bits = 2 - (-0.25 * Math.log2(0.25) - 0.75 * Math.log2(0.75));
    expect(box(a!).height).toBeCloseTo(2 * PX_PER_BIT, 9);
    expect(c!.getAttribute('data-base')).toBe('C');
    expect(box(c!).height).toBeCloseTo(0.25 * bits * PX_PER_BIT, 9);
    expect(box(g!).height).toBeCloseTo(0.75 * bits * PX_PER_BIT, 9);
    // C (smaller) sits on the baseline, which is where the full-height A ends; G sits on C.
    const baseline = box(a!).top + box(a!).height;
    expect(box(c!).top + box(c!).height).toBeCloseTo(baseline, 9);
    expect(box(g!).top + box(g!).height).toBeCloseTo(box(c!).top, 9);
  });
});
