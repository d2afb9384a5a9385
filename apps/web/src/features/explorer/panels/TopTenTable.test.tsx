// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { EXPLORER_MSG } from '@atlas/contracts';
import { TopTenTable, type TopTenTableProps } from './TopTenTable';

const props = (topTen: TopTenTableProps['topTen']): TopTenTableProps => ({
  topTen,
  kind: 'genes',
  clusters: ['1', '2'],
  clusterColors: {},
  features: [],
  anti: false,
  onAntiChange: () => {},
  onPick: () => {},
});

afterEach(cleanup);

describe('TopTenTable', () => {
  it('shows only rows that name a feature', () => {
    render(
      <TopTenTable
        {...props({
          '1': [
            ['Actb', 'Gapdh'],
            ['', ''],
            ['Sox2', ''],
          ],
          '-1': [],
        })}
      />,
    );
    const rows = screen.getAllByRole('row');
    // The header and the two rows with names; the blank row is gone and numbering follows what is shown.
    expect(rows.map((row) => row.textContent)).toEqual(['#12', '1ActbGapdh', '2Sox2']);
  });

  it('says so when nothing ranks, instead of an empty grid', () => {
    render(
      <TopTenTable
        {...props({
          '1': [
            ['', ''],
            ['', ''],
          ],
          '-1': [],
        })}
      />,
    );
    expect(screen.getByText(EXPLORER_MSG.noRankedFeatures('gene'))).toBeTruthy();
    expect(screen.queryAllByRole('row')).toHaveLength(0);
  });
});
