// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { EXPLORER_MSG } from '@atlas/contracts';
import { SelectionDialog, type SelectionResult } from './SelectionDialog';

const row = (name: string, log2fc: number) => ({ name, score: 5, log2fc, p: 1e-5, p_adj: 1e-4 });

const result = (rows: ReturnType<typeof row>[]): SelectionResult => ({
  kind: 'genes',
  count: 12,
  top: rows.map((r) => r.name),
  table: rows,
  features: rows.length,
  test: { method: 'wilcoxon', tieCorrect: true },
});

afterEach(cleanup);

describe('SelectionDialog', () => {
  it('marks a fold change from a near-zero group and says why', () => {
    render(
      <SelectionDialog open runId="D1" result={result([row('Sox2', 29.1), row('Gfap', 1.5)])} onClose={() => {}} />,
    );
    const rows = within(screen.getByRole('table', { name: 'Top 10 Genes' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('29.10 †');
    expect(rows[2]!.textContent).toContain('1.50');
    expect(rows[2]!.textContent).not.toContain('†');
    expect(screen.getByTestId('log2fc-note').textContent).toBe(EXPLORER_MSG.foldChangeNearZero);
  });

  it('has no note when every fold change is ordinary', () => {
    render(<SelectionDialog open runId="D1" result={result([row('Gfap', -2.25)])} onClose={() => {}} />);
    expect(screen.queryByTestId('log2fc-note')).toBeNull();
  });

  it('names the test in the summary and offers the three DE options; choosing one asks for it', async () => {
    const chosen: unknown[] = [];
    render(
      <SelectionDialog
        open
        runId="D1"
        result={result([row('Gfap', -2.25)])}
        test={{ method: 'wilcoxon', tieCorrect: true }}
        onTestChange={(t) => chosen.push(t)}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('selection-summary').textContent).toBe(
      '12 tixels selected, ranked against the rest (Wilcoxon rank-sum, tie-corrected).',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Test' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Welch t-test', 'Wilcoxon rank-sum', 'Wilcoxon rank-sum, tie-corrected']);
    fireEvent.click(screen.getByRole('option', { name: 'Wilcoxon rank-sum' }));
    expect(chosen).toEqual([{ method: 'wilcoxon', tieCorrect: false }]);
    // MUI's menu opening is slow in jsdom on a loaded machine.
  }, 30_000);

  it('Save asks for every row when the result holds the top ones only, and says why it failed', async () => {
    const asked: number[] = [];
    render(
      <SelectionDialog
        open
        runId="D1"
        result={{ ...result([row('Gfap', 1)]), features: 3 }}
        onSave={() => {
          asked.push(1);
          return Promise.reject(new Error('The worker failed'));
        }}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(asked).toEqual([1]);
    expect((await screen.findByRole('alert')).textContent).toBe('The worker failed');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
