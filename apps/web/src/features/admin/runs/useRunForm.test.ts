// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TRunDetails } from '@atlas/contracts';
import { useRunForm } from './useRunForm';

/** A run as Add A Run loads it; `over` changes what a test is about. */
function runDetails(over: Partial<TRunDetails> = {}): TRunDetails {
  return {
    run_id: 'D77001',
    results_id: 1,
    tissue_id: 1,
    result_title: 'Spleen, saved title',
    result_description: '',
    sample_id: 'SPL-1',
    date: Date.UTC(2024, 2, 5),
    assay: 'Transcriptome',
    epitope: null,
    species: 'mus_musculus',
    organ: 'spleen',
    tissue_type: '',
    tissue_source: '',
    experimental_condition: '',
    channel_width: 20,
    number_channels: 50,
    ngs_id: null,
    public: true,
    group: null,
    pmid: null,
    results_folder_path: 'data/D77001/',
    web_obj_path: 'data/D77001/h5/',
    web_object_available: true,
    publication: null,
    files: [],
    studies: [],
    ...over,
  };
}

describe('Add A Run fields', () => {
  it('take a reload of the run while nothing was typed', () => {
    const { result, rerender } = renderHook(({ run }) => useRunForm(run, 'D77001'), {
      initialProps: { run: runDetails() },
    });
    expect(result.current[0].public).toBe(true);
    // A public link revoked in the Sharing card: the run reloads private.
    rerender({ run: runDetails({ public: false }) });
    expect(result.current[0].public).toBe(false);
  });

  it('keep what the admin typed when the run reloads', () => {
    const { result, rerender } = renderHook(({ run }) => useRunForm(run, 'D77001'), {
      initialProps: { run: runDetails() },
    });
    act(() => result.current[1]('result_title')(''));
    act(() => result.current[1]('date')('13/45/2024'));
    // The web-object job ends and the run reloads with its saved title.
    rerender({ run: runDetails({ web_object_available: true, result_title: 'Spleen, saved title' }) });
    expect(result.current[0]).toMatchObject({ result_title: '', date: '13/45/2024' });
  });
});
