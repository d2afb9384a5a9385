import {
  CATALOGUE_MSG,
  CATALOGUE_PAGE_SIZE,
  matchesRunId,
  type SearchMode,
  type TCatalogueRun,
} from '@atlas/contracts';
import { speciesLabel } from './format';

/**
 * The catalogue's client-side rules (spec 01 §4 "Catalogue loading/Filtering", §5, §9), free of React:
 * the public/private view, the search, the facet filters with their counts, and the pages.
 */
export type FacetKey = 'group' | 'assay' | 'species' | 'organ';

export const FACETS: readonly { key: FacetKey; label: string }[] = [
  { key: 'group', label: CATALOGUE_MSG.facetGroups },
  { key: 'assay', label: CATALOGUE_MSG.facetDataType },
  { key: 'species', label: CATALOGUE_MSG.facetSpecies },
  { key: 'organ', label: CATALOGUE_MSG.facetOrgan },
];

export type Filters = Readonly<Record<FacetKey, readonly string[]>>;
export const NO_FILTERS: Filters = { group: [], assay: [], species: [], organ: [] };

/** Selecting a value toggles it in or out of its category's set. */
export function toggleFilter(filters: Filters, key: FacetKey, value: string): Filters {
  const current = filters[key];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...filters, [key]: next };
}

function facetValue(run: TCatalogueRun, key: FacetKey): string | null {
  const value = run[key];
  return value === null || value === '' ? null : value;
}

function facetLabel(key: FacetKey, value: string): string {
  return key === 'species' ? speciesLabel(value) : value;
}

/**
 * Categories are ANDed; inside one category a run matches when its value is one of the selected ones (a run has
 * one species, so "all selected values must match" can only mean each selected category must match).
 * `except` leaves one category out, for that category's counts.
 */
export function matchesFilters(run: TCatalogueRun, filters: Filters, except?: FacetKey): boolean {
  return FACETS.every(({ key }) => {
    if (key === except || filters[key].length === 0) return true;
    const value = facetValue(run, key);
    return value !== null && filters[key].includes(value);
  });
}

export interface FacetItem {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

/**
 * Per category: each value with the number of runs it would show given the other categories' filters; selected
 * values first, then by count, then by name. Selected values stay listed even at 0.
 */
export function facetCounts(runs: readonly TCatalogueRun[], filters: Filters): Record<FacetKey, FacetItem[]> {
  const result = {} as Record<FacetKey, FacetItem[]>;
  for (const { key } of FACETS) {
    const counts = new Map<string, number>();
    for (const run of runs) {
      const value = facetValue(run, key);
      if (value !== null && matchesFilters(run, filters, key)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    for (const value of filters[key]) if (!counts.has(value)) counts.set(value, 0);
    result[key] = [...counts]
      .map(([value, count]) => ({
        value,
        label: facetLabel(key, value),
        count,
        selected: filters[key].includes(value),
      }))
      .sort((a, b) => Number(b.selected) - Number(a.selected) || b.count - a.count || a.label.localeCompare(b.label));
  }
  return result;
}

/** What a search leaves of the list: everything, the runs the server found, or a run-id match. */
export type SearchState =
  | { kind: 'all' }
  | { kind: 'run'; text: string }
  | { kind: 'hits'; resultsIds: ReadonlySet<number> }
  | { kind: 'pending' };

export function searchStateOf(mode: SearchMode, hits: readonly { results_id: number }[] | undefined): SearchState {
  switch (mode.mode) {
    case 'all':
      return { kind: 'all' };
    case 'run':
      return { kind: 'run', text: mode.text };
    case 'publication':
    case 'author':
      return hits ? { kind: 'hits', resultsIds: new Set(hits.map((h) => h.results_id)) } : { kind: 'pending' };
  }
}

export function applySearch(runs: readonly TCatalogueRun[], search: SearchState): TCatalogueRun[] {
  switch (search.kind) {
    case 'all':
      return [...runs];
    case 'run':
      return runs.filter((run) => matchesRunId(run.results_folder_path, search.text));
    case 'hits':
      return runs.filter((run) => search.resultsIds.has(run.results_id));
    case 'pending':
      return [];
  }
}

/**
 * The public/private view of a member: all runs, or only the non-public ones. A visitor's runs are all public
 * (spec 01 §4); a member without non-public runs cannot switch (the toggle is disabled on all runs).
 */
export function applyView(runs: readonly TCatalogueRun[], privateOnly: boolean): TCatalogueRun[] {
  return privateOnly ? runs.filter((run) => run.public === 0) : [...runs];
}

export const hasPrivateRuns = (runs: readonly TCatalogueRun[]) => runs.some((run) => run.public === 0);

/** Newest first (spec 01 §9); ties by results id, newest first. */
export function newestFirst(runs: readonly TCatalogueRun[]): TCatalogueRun[] {
  return [...runs].sort((a, b) => b.date - a.date || b.results_id - a.results_id);
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped into range. */
  page: number;
  pageCount: number;
  /** 1-based index of the first item shown, 0 when empty. */
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, size = CATALOGUE_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const shown = items.slice(start, start + size);
  return {
    items: shown,
    page: current,
    pageCount,
    from: shown.length ? start + 1 : 0,
    to: start + shown.length,
    total: items.length,
  };
}
