// @vitest-environment jsdom
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DeColumns } from '@atlas/contracts';
import { nextSort, searchRows, sortRows, type DeSort } from './deTable';
import { DeTableView } from './DeTableView';
import { Volcano } from './Volcano';

const N = 30_000;
const columns: DeColumns = {
  names: Array.from({ length: N }, (_, i) => `Gene${i}`),
  mean_in: Array.from({ length: N }, (_, i) => i / N),
  mean_out: Array.from({ length: N }, () => 0.5),
  pct_in: Array.from({ length: N }, (_, i) => (100 * i) / N),
  pct_out: Array.from({ length: N }, () => 50),
  log2fc: Array.from({ length: N }, (_, i) => (i % 7) - 3),
  score: Array.from({ length: N }, (_, i) => i % 1000),
  p: Array.from({ length: N }, (_, i) => 1 / (i + 1)),
  p_adj: Array.from({ length: N }, (_, i) => Math.min(1, 10 / (i + 1))),
};

function Harness({ onPick }: { onPick: (name: string) => void }) {
  const [sort, setSort] = useState<DeSort>({ key: 'score', descending: true });
  const [query, setQuery] = useState('');
  const order = useMemo(() => sortRows(columns, searchRows(columns.names, query), sort), [query, sort]);
  return (
    <>
      <input aria-label="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <DeTableView
        columns={columns}
        order={order}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        picked={null}
        onPick={(row) => onPick(columns.names[row]!)}
        onHover={() => {}}
      />
    </>
  );
}

const rowNames = () => screen.getAllByTestId('de-row').map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(cleanup);

describe('DeTableView', () => {
  it('renders only the rows in view of 30,000 features, with every column', () => {
    render(<Harness onPick={() => {}} />);
    expect(screen.getAllByTestId('de-row').length).toBeLessThan(20);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Mean in',
      'Mean out',
      '% in',
      '% out',
      'log2FC',
      'Score ▼',
      'p',
      'p adj (BH)',
    ]);
    // Score 999 first: Gene999, then Gene1999, … (ties in feature order).
    expect(rowNames().slice(0, 2)).toEqual(['Gene999', 'Gene1999']);
  });

  it('sorts by a header button (again to flip) and says so with aria-sort', () => {
    render(<Harness onPick={() => {}} />);
    const pct = screen.getByRole('button', { name: 'Sort by % in' });
    fireEvent.click(pct);
    expect(rowNames()[0]).toBe('Gene29999');
    expect(pct.closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(pct);
    expect(rowNames()[0]).toBe('Gene0');
    expect(pct.closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('ascending');
  });

  it('picks a searched row by click and by keyboard', () => {
    const picked: string[] = [];
    render(<Harness onPick={(name) => picked.push(name)} />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'gene12345' } });
    expect(rowNames()).toEqual(['Gene12345']);
    fireEvent.click(screen.getByTestId('de-row'));
    fireEvent.keyDown(screen.getByTestId('de-row'), { key: 'Enter' });
    expect(picked).toEqual(['Gene12345', 'Gene12345']);
  });
});

describe('Volcano', () => {
  it('marks the highlighted feature, and a click on its mark picks it', () => {
    const picked: number[] = [];
    render(<Volcano columns={columns} highlight={42} onPick={(row) => picked.push(row)} />);
    const mark = screen.getByTestId('volcano-highlight');
    expect(mark.getAttribute('aria-label')).toBe('Gene42');
    fireEvent.click(mark);
    expect(picked).toEqual([42]);
  });
});
