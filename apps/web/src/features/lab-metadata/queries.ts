import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labCalls, type LabKind } from '@atlas/contracts';
import { callApi } from '../../api/client';
import type { LabRecord } from './recordLogic';

/** Query keys of the metadata screens; uploads and edits invalidate `labKeys.all` or one kind. */
const labKeys = {
  all: ['lab'] as const,
  list: (kind: LabKind) => ['lab', kind, 'list'] as const,
  history: (kind: LabKind, key: string) => ['lab', kind, 'history', key] as const,
};

export const useLabList = (kind: LabKind) =>
  useQuery({
    queryKey: labKeys.list(kind),
    queryFn: ({ signal }) => callApi(labCalls.labKindCalls[kind].list, { query: {}, signal }) as Promise<LabRecord[]>,
  });

export const useLabHistory = (kind: LabKind, key: string) =>
  useQuery({
    queryKey: labKeys.history(kind, key),
    queryFn: ({ signal }) => callApi(labCalls.labKindCalls[kind].history, { query: { key }, signal }),
    enabled: key.trim() !== '',
  });

/** Saves one record (create or update); the kind's list and histories reload. */
export function useSaveRecord(kind: LabKind) {
  const client = useQueryClient();
  return useMutation({
    /** `create`: a new or duplicated record, refused (409) when its key is taken rather than overwriting. */
    mutationFn: ({ record, create }: { record: LabRecord; create: boolean }) =>
      callApi(labCalls.labKindCalls[kind].put, { body: [record], query: create ? { create: 'true' } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lab', kind] }),
  });
}

/** Deletes one record by `_id` (or by key when it has none). */
export function useDeleteRecord(kind: LabKind, key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (record: LabRecord) => {
      const filter =
        typeof record._id === 'string' && record._id ? { _id: record._id } : { [key]: String(record[key] ?? '') };
      return callApi(labCalls.labKindCalls[kind].remove, { query: { filter: JSON.stringify(filter) } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['lab', kind] }),
  });
}
