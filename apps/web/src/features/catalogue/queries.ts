import { useQuery } from '@tanstack/react-query';
import { catalogueCalls, type SearchMode } from '@atlas/contracts';
import { callApi } from '../../api/client';

/** Query keys of the catalogue; a sign-in or sign-out clears the whole query cache (session.tsx). */
const catalogueKeys = {
  runs: (audience: 'public' | 'member') => ['catalogue', 'runs', audience] as const,
  files: ['catalogue', 'files'] as const,
  search: (mode: SearchMode) => ['catalogue', 'search', mode] as const,
  records: ['catalogue', 'records'] as const,
};

/** A member loads the runs they may see; a visitor (public token) the public runs (spec 01 §4). */
export const useCatalogueRuns = (audience: 'public' | 'member', enabled: boolean) =>
  useQuery({
    queryKey: catalogueKeys.runs(audience),
    queryFn: ({ signal }) =>
      callApi(audience === 'member' ? catalogueCalls.getRuns : catalogueCalls.getRunsPublic, { signal }),
    enabled,
  });

/** Downloadable files of every visible run, by run id (members only). */
export const useDownloadableFiles = (enabled: boolean) =>
  useQuery({
    queryKey: catalogueKeys.files,
    queryFn: ({ signal }) => callApi(catalogueCalls.getDownloadableFiles, { signal }),
    enabled,
  });

/** The server half of a search: publication id and author searches answer results ids. */
export const useSearchHits = (mode: SearchMode, enabled: boolean) =>
  useQuery({
    queryKey: catalogueKeys.search(mode),
    queryFn: ({ signal }) => {
      if (mode.mode !== 'publication' && mode.mode !== 'author') return [];
      const call = mode.mode === 'publication' ? catalogueCalls.searchByPublication : catalogueCalls.searchAuthors;
      return callApi(call, { query: { query: mode.text }, signal });
    },
    enabled: enabled && (mode.mode === 'publication' || mode.mode === 'author'),
    staleTime: 60_000,
  });

export const useRunRecords = (enabled: boolean) =>
  useQuery({
    queryKey: catalogueKeys.records,
    queryFn: ({ signal }) => callApi(catalogueCalls.getRunRecords, { signal }),
    enabled,
  });
