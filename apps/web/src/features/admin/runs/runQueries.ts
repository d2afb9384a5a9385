import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authCalls, catalogueCalls, runAdminCalls } from '@atlas/contracts';
import { ApiError, callApi } from '../../../api/client';

/** Query keys of the run tools; every save invalidates `['runs-admin']` and the catalogue lists. */
const keys = {
  all: ['runs-admin'] as const,
  options: ['runs-admin', 'field-options'] as const,
  runs: ['runs-admin', 'runs'] as const,
  details: (runId: string) => ['runs-admin', 'details', runId] as const,
  fileTypes: ['runs-admin', 'file-types'] as const,
  studies: ['runs-admin', 'studies'] as const,
  history: (runId: string) => ['runs-admin', 'history', runId] as const,
};

/** The lookup lists (spec 02 §7.3), one call for every form that offers them. */
export const useFieldOptions = () =>
  useQuery({
    queryKey: keys.options,
    queryFn: ({ signal }) => callApi(catalogueCalls.getFieldOptions, { signal }),
  });

/** Every catalogue run (an admin sees all of them), for the run selectors. */
export const useCatalogueRuns = () =>
  useQuery({ queryKey: keys.runs, queryFn: ({ signal }) => callApi(catalogueCalls.getRuns, { signal }) });

/** A run's editor data; null for a run id without a catalogue entry yet (a new run). */
export const useRunDetails = (runId: string | null) =>
  useQuery({
    queryKey: keys.details(runId ?? ''),
    enabled: runId !== null,
    // The editors start from this data and take a reload only while untouched: a focus change does not reload it.
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(runAdminCalls.getRunDetails, { query: { run_id: runId! }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const useFileTypes = () =>
  useQuery({ queryKey: keys.fileTypes, queryFn: ({ signal }) => callApi(runAdminCalls.getFileTypes, { signal }) });

export const useStudies = () =>
  useQuery({
    queryKey: keys.studies,
    queryFn: ({ signal }) => callApi(runAdminCalls.getStudies, { signal }),
    refetchOnWindowFocus: false,
  });

/** Every recorded change of a run, its files and its studies, newest first. */
export const useRunHistory = (runId: string) =>
  useQuery({
    queryKey: keys.history(runId),
    queryFn: ({ signal }) => callApi(authCalls.listAudit, { query: { target: `run:${runId}`, limit: 200 }, signal }),
  });

/** After a lookup list change: only the lists reload, so a half-filled run form keeps its values. */
export function useInvalidateFieldOptions(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: keys.options }), [client]);
}

/** After a save: the run tools and the catalogue lists show the change. */
export function useInvalidateRuns(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: keys.all }),
      client.invalidateQueries({ queryKey: ['catalogue'] }),
    ]);
  }, [client]);
}
