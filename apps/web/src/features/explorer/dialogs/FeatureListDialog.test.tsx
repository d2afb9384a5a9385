// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FeatureListDialog } from './FeatureListDialog';
import { SEARCH_DELAY_MS } from '../top-bar/useDebounced';

const NAMES = Array.from({ length: 60_000 }, (_, i) => `Gene${i}`);

function Harness({ initial = [] as string[] }) {
  const [features, setFeatures] = useState(initial);
  return (
    <FeatureListDialog open onClose={() => {}} kind="genes" names={NAMES} features={features} onChange={setFeatures} />
  );
}

const chips = () =>
  within(screen.getByTestId('feature-list-chosen'))
    .queryAllByRole('button')
    .map((chip) => chip.textContent);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('FeatureListDialog', () => {
  it('renders only the rows in view of 60,000 names', () => {
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Genes' })).toBeTruthy();
    expect(screen.getByTestId('feature-list-count').textContent).toBe('60,000 of 60,000 genes');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeLessThan(20);
    expect(options[0]!.getAttribute('aria-setsize')).toBe('60000');
  });

  it('filters after the delay, then toggles the active row from the keyboard in choice order', () => {
    vi.useFakeTimers();
    render(<Harness initial={['Gene7']} />);
    const filter = screen.getByRole('combobox', { name: 'Filter genes' });
    fireEvent.change(filter, { target: { value: 'gene5999' } });
    expect(screen.getByTestId('feature-list-count').textContent).toBe('Filtering…');
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(screen.getByTestId('feature-list-count').textContent).toBe('11 of 60,000 genes');

    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(filter.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Gene59990' }).id);
    fireEvent.keyDown(filter, { key: 'Enter' });
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.keyDown(list, { key: ' ' });
    expect(chips()).toEqual(['Gene7', 'Gene59990', 'Gene59999']);
    expect(screen.getByRole('option', { name: 'Gene59999' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('option', { name: 'Gene59990' }));
    expect(chips()).toEqual(['Gene7', 'Gene59999']);
  });

  it('removes a chip and clears all', () => {
    render(<Harness initial={['Gene1', 'Gene2', 'Gene3']} />);
    const chip = within(screen.getByTestId('feature-list-chosen')).getByRole('button', { name: 'Gene2' });
    fireEvent.keyUp(chip, { key: 'Delete' });
    expect(chips()).toEqual(['Gene1', 'Gene3']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(chips()).toEqual([]);
  });

  it('adds a pasted list by the search rules: cleaned, capitalised, known and new names only', () => {
    render(<Harness initial={['Gene1']} />);
    fireEvent.paste(screen.getByLabelText('Paste a list'), {
      clipboardData: { getData: () => 'gene1, "gene2";\nNope GENE3' },
    });
    expect(chips()).toEqual(['Gene1', 'Gene2', 'Gene3']);
  });
});
