import { useQuery } from '@tanstack/react-query';
import { labCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { presenceOf } from './createRunLogic';

/** What Create A Run lists from storage: the buckets, a bucket's run folders, and which inputs a folder holds. */
export function useRunFolderListings(bucket: string, path: string | null) {
  const buckets = useQuery({
    queryKey: ['runs-admin', 'buckets'],
    queryFn: ({ signal }) => callApi(labCalls.fetchBuckets, { signal }),
  });
  const folders = useQuery({
    queryKey: ['runs-admin', 'folders', bucket],
    enabled: Boolean(bucket),
    queryFn: ({ signal }) =>
      callApi(labCalls.subFolders, { body: { bucket_name: bucket, prefix: 'data/', delimiter: '/' }, signal }),
  });
  const files = useQuery({
    queryKey: ['runs-admin', 'obj-files', bucket, path],
    enabled: Boolean(bucket && path),
    queryFn: async ({ signal }) => {
      const keys = await callApi(labCalls.listFiles, {
        body: { bucket, path: `${path}h5/obj/`, only_files: true, filter: [], delimiter: '' },
        signal,
      });
      return presenceOf(keys === false ? [] : keys, path!);
    },
  });
  return { buckets, folders, files };
}
