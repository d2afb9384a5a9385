import { describe, expect, it } from 'vitest';
import { searchMode, type TCatalogueRun } from '@atlas/contracts';
import {
  applySearch,
  applyView,
  facetCounts,
  matchesFilters,
  newestFirst,
  NO_FILTERS,
  paginate,
  searchStateOf,
  toggleFilter,
} from './catalogueState';

let nextId = 1;
function run(over: Partial<TCatalogueRun>): TCatalogueRun {
  const id = nextId++;
  const runId = over.run_id ?? `D${String(id).padStart(5, '0')}`;
  return {
    results_id: id,
    tissue_id: id,
    run_id: runId,
    results_folder_path: `data/${runId}/`,
    result_title: `Run ${id}`,
    result_description: '',
    experimental_condition: '',
    epitope: null,
    date: Date.UTC(2024, 0, id),
    link: null,
    journal: null,
    pmid: null,
    group: 'lab-a',
    assay: 'ATAC-seq',
    organ: 'Brain',
    species: 'mus_musculus',
    channel_width: 20,
    public: 1,
    thumbnail: '',
    web_object_available: false,
    ...over,
  };
}

const runs = [
  run({ species: 'mus_musculus', organ: 'Brain', assay: 'ATAC-seq', group: 'lab-a' }),
  run({ species: 'mus_musculus', organ: 'Brain', assay: 'CUT&Tag', group: 'lab-a' }),
  run({ species: 'mus_musculus', organ: 'Embryo', assay: 'Transcriptome', group: 'lab-b' }),
  run({ species: 'homo_sapiens', organ: 'Brain', assay: 'ATAC-seq', group: 'lab-b', public: 0 }),
  run({ species: 'homo_sapiens', organ: 'Liver', assay: 'Transcriptome', group: null }),
];

describe('filters (spec 01 §4)', () => {
  it('toggles values in and out of a category', () => {
    const on = toggleFilter(NO_FILTERS, 'species', 'mus_musculus');
    expect(on.species).toEqual(['mus_musculus']);
    expect(toggleFilter(on, 'species', 'mus_musculus').species).toEqual([]);
  });

  it('ANDs categories, any selected value within one', () => {
    const filters = { ...NO_FILTERS, species: ['mus_musculus'], organ: ['Brain'] };
    expect(runs.filter((r) => matchesFilters(r, filters)).map((r) => r.assay)).toEqual(['ATAC-seq', 'CUT&Tag']);
    const both = { ...NO_FILTERS, organ: ['Brain', 'Liver'], species: ['homo_sapiens'] };
    expect(runs.filter((r) => matchesFilters(r, both))).toHaveLength(2);
    expect(runs.filter((r) => matchesFilters(r, { ...NO_FILTERS, group: ['lab-a'] }))).toHaveLength(2);
  });

  it('counts each value under the other categories’ filters; selected values first', () => {
    const counts = facetCounts(runs, { ...NO_FILTERS, species: ['mus_musculus'] });
    expect(counts.species.map((i) => [i.label, i.count, i.selected])).toEqual([
      ['Mus musculus', 3, true],
      ['Homo sapiens', 2, false],
    ]);
    expect(counts.organ.map((i) => [i.value, i.count])).toEqual([
      ['Brain', 2],
      ['Embryo', 1],
    ]);
    expect(counts.group.map((i) => [i.value, i.count])).toEqual([
      ['lab-a', 2],
      ['lab-b', 1],
    ]);
    const zero = facetCounts(runs, { ...NO_FILTERS, organ: ['Heart'] });
    expect(zero.organ[0]).toEqual({ value: 'Heart', label: 'Heart', count: 0, selected: true });
  });
});

describe('search (spec 01 §5)', () => {
  it('matches run ids from the folder path exactly, ignoring case', () => {
    const state = searchStateOf(searchMode('D00002'), undefined);
    expect(applySearch(runs, state).map((r) => r.run_id)).toEqual(['D00002']);
    expect(applySearch(runs, searchStateOf(searchMode('d0000'), undefined))).toEqual([]);
  });

  it('keeps the server’s hits for publication and author searches, nothing while they load', () => {
    expect(applySearch(runs, searchStateOf(searchMode('raman'), undefined))).toEqual([]);
    const hits = searchStateOf(searchMode('9000'), [{ results_id: 1 }, { results_id: 5 }]);
    expect(applySearch(runs, hits).map((r) => r.results_id)).toEqual([1, 5]);
    expect(applySearch(runs, searchStateOf(searchMode(''), undefined))).toHaveLength(5);
  });
});

describe('view and pages', () => {
  it('shows all runs or only the non-public ones', () => {
    expect(applyView(runs, false)).toHaveLength(5);
    expect(applyView(runs, true).map((r) => r.public)).toEqual([0]);
  });

  it('sorts newest first', () => {
    expect(newestFirst(runs).map((r) => r.results_id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('pages 8 at a time and clamps the page', () => {
    const many = Array.from({ length: 19 }, (_, i) => i);
    expect(paginate(many, 1)).toMatchObject({
      items: [0, 1, 2, 3, 4, 5, 6, 7],
      pageCount: 3,
      from: 1,
      to: 8,
      total: 19,
    });
    expect(paginate(many, 3)).toMatchObject({ items: [16, 17, 18], page: 3, from: 17, to: 19 });
    expect(paginate(many, 9).page).toBe(3);
    expect(paginate(many, 0).page).toBe(1);
    expect(paginate([], 1)).toMatchObject({ items: [], page: 1, pageCount: 1, from: 0, to: 0 });
  });
});
