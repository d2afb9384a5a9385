import { EXPLORER_MSG } from '@atlas/contracts';
import { consensus, MAX_BITS, stackColumn, type Base, type LogoColumn } from './seqLogo';

/**
 * Letter outlines spanning exactly 0–100 on both axes, so `scale(width / 100, height / 100)` makes a letter fill
 * its box: a font's glyphs carry side bearings and differ in height, which would misstate the bits.
 */
const GLYPH: Record<Base, string> = {
  A: 'M0 100L38 0H62L100 100H78L68.1 74H31.9L22 100ZM39.1 55H60.9L50 26.3Z',
  C: 'M93.3 25A50 50 0 1 0 93.3 75L76 65A30 30 0 1 1 76 35Z',
  G: 'M93.3 25A50 50 0 1 0 100 50H55V66H75.4A30 30 0 1 1 76 35Z',
  T: 'M0 0H100V20H61V100H39V20H0Z',
};

/** The usual nucleotide colours: A green, C blue, G orange, T red. */
const BASE_COLOUR: Record<Base, string> = { A: '#109648', C: '#255C99', G: '#F7B32B', T: '#D62839' };

/** Pixels of one bit; the plot is MAX_BITS of them tall. */
export const PX_PER_BIT = 90;
const COLUMN_PX = 34;
const LETTER_GAP_PX = 2;
const MARGIN = { left: 48, right: 12, top: 30, bottom: 36 };

/**
 * A sequence logo drawn as SVG: one column per motif position, its bases stacked smallest at the bottom, each
 * as tall as its share of the position's information content on a 0–2 bit axis.
 */
export function SequenceLogo({ motif, columns }: { motif: string; columns: readonly LogoColumn[] }) {
  const plotHeight = MAX_BITS * PX_PER_BIT;
  const width = MARGIN.left + columns.length * COLUMN_PX + MARGIN.right;
  const height = MARGIN.top + plotHeight + MARGIN.bottom;
  const baseline = MARGIN.top + plotHeight;
  const ticks = Array.from({ length: MAX_BITS * 2 + 1 }, (_, i) => i / 2);
  return (
    <svg
      role="img"
      aria-label={EXPLORER_MSG.seqLogoLabel(motif, consensus(columns))}
      data-testid="sequence-logo"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      style={{ maxWidth: '100%', height: 'auto', fontFamily: 'inherit' }}
    >
      <text x={MARGIN.left} y={18} fontSize={14} fontWeight={600} fill="currentColor">
        {motif}
      </text>
      <g data-testid="logo-y-axis" fontSize={11} fill="currentColor">
        <line x1={MARGIN.left - 4} x2={MARGIN.left - 4} y1={MARGIN.top} y2={baseline} stroke="currentColor" />
        {ticks.map((bits) => {
          const y = baseline - bits * PX_PER_BIT;
          const whole = Number.isInteger(bits);
          return (
            <g key={bits}>
              <line x1={MARGIN.left - (whole ? 9 : 7)} x2={MARGIN.left - 4} y1={y} y2={y} stroke="currentColor" />
              {whole && (
                <text x={MARGIN.left - 12} y={y} dy="0.35em" textAnchor="end">
                  {bits}
                </text>
              )}
            </g>
          );
        })}
        <text transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
          bits
        </text>
      </g>
      <line x1={MARGIN.left - 4} x2={width - MARGIN.right} y1={baseline} y2={baseline} stroke="currentColor" />
      {columns.map((column, i) => {
        const x = MARGIN.left + i * COLUMN_PX;
        return (
          <g key={i} data-testid="logo-column" data-position={i + 1}>
            {stackColumn(column).map(({ base, bits, below }) => {
              const h = bits * PX_PER_BIT;
              const top = baseline - (below + bits) * PX_PER_BIT;
              return (
                <path
                  key={base}
                  d={GLYPH[base]}
                  fill={BASE_COLOUR[base]}
                  fillRule="evenodd"
                  data-base={base}
                  data-bits={bits.toFixed(4)}
                  transform={`translate(${x + LETTER_GAP_PX / 2} ${top}) scale(${(COLUMN_PX - LETTER_GAP_PX) / 100} ${h / 100})`}
                />
              );
            })}
            <text x={x + COLUMN_PX / 2} y={baseline + 15} fontSize={11} textAnchor="middle" fill="currentColor">
              {i + 1}
            </text>
          </g>
        );
      })}
      <text
        x={MARGIN.left + (columns.length * COLUMN_PX) / 2}
        y={height - 4}
        fontSize={11}
        textAnchor="middle"
        fill="currentColor"
      >
        position
      </text>
    </svg>
  );
}
