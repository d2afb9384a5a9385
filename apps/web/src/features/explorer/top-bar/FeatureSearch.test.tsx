// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FeatureSearch } from './FeatureSearch';
import { SEARCH_DELAY_MS } from './useDebounced';

const NAMES = ['Ramp2', 'Sox2', 'Actb', 'Apoe', 'Gapdh'];
const names = { names: NAMES, set: new Set(NAMES), index: new Map(NAMES.map((n, i) => [n, i])) };

function Harness({ onPick }: { onPick: (name: string) => void }) {
  const [features, setFeatures] = useState<string[]>([]);
  return <FeatureSearch kind="genes" names={names} features={features} onChange={setFeatures} onPick={onPick} />;
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('FeatureSearch', () => {
  it('says Searching… until the delay has passed, never the last query’s names, then offers the matches', () => {
    vi.useFakeTimers();
    const picked: string[] = [];
    render(<Harness onPick={(name) => picked.push(name)} />);
    const search = screen.getByTestId('feature-search');
    fireEvent.mouseDown(search);
    expect(optionNames()).toEqual(NAMES);

    fireEvent.change(search, { target: { value: 'a' } });
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('Searching…')).toBeTruthy();

    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    // Names that start with the text first, then names that hold it.
    expect(optionNames()).toEqual(['Actb', 'Apoe', 'Ramp2', 'Gapdh']);
    fireEvent.click(screen.getByRole('option', { name: 'Apoe' }));
    expect(picked).toEqual(['Apoe']);
  });

  it('says so when nothing matches once the delay has passed', () => {
    vi.useFakeTimers();
    render(<Harness onPick={() => {}} />);
    const search = screen.getByTestId('feature-search');
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: 'zz' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(screen.getByText('No gene matches')).toBeTruthy();
  });
});
