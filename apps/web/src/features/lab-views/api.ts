import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LAB_MSG, LAB_RAW_PATHS, labCalls, type TQcRecord } from '@atlas/contracts';
import { ApiError, buildPath, callApi } from '../../api/client';
import { useSession } from '../../app/session';

/** Query keys of the lab views; the QC upload invalidates `['lab-views']` and `['lab', 'qc']`. */
const labViewKeys = {
  trace: ['lab-views', 'wafertrace'] as const,
  qc: (ids: string[]) => ['lab', 'qc', ids] as const,
  buckets: ['lab-views', 'buckets'] as const,
  list: (bucket: string, path: string, delimiter: string) => ['lab-views', 'list', bucket, path, delimiter] as const,
  blob: (bucket: string, key: string) => ['lab-views', 'blob', bucket, key] as const,
  text: (bucket: string, key: string) => ['lab-views', 'text', bucket, key] as const,
};

/** Metadata records and files change rarely while a viewer is open. */
const STALE_MS = 60_000;

export const useWaferTrace = () =>
  useQuery({
    queryKey: labViewKeys.trace,
    queryFn: ({ signal }) => callApi(labCalls.waferTrace, { signal }),
    staleTime: STALE_MS,
  });

/** QC records of these run ids (none requested: none loaded). */
export const useQcRecords = (ids: string[]) =>
  useQuery({
    queryKey: labViewKeys.qc(ids),
    queryFn: async ({ signal }) =>
      (await callApi(labCalls.getQc, { query: { id: ids.join(',') }, signal })) as TQcRecord[],
    enabled: ids.length > 0,
    staleTime: STALE_MS,
  });

/** The data bucket: the first configured bucket holds `data/{run}/` (QC and spatial folders). */
export function useDataBucket() {
  const query = useQuery({
    queryKey: labViewKeys.buckets,
    queryFn: ({ signal }) => callApi(labCalls.fetchBuckets, { signal }),
    staleTime: Infinity,
  });
  return { ...query, bucket: query.data?.[0] };
}

/** Keys under a path of a bucket (`false` from the server, e.g. a missing folder, reads as none). */
export const useStorageList = (
  bucket: string | undefined,
  path: string,
  options: { delimiter?: string; onlyFiles?: boolean; filter?: string[] } = {},
) =>
  useQuery({
    queryKey: [
      ...labViewKeys.list(bucket ?? '', path, options.delimiter ?? ''),
      options.onlyFiles ?? false,
      options.filter ?? [],
    ],
    queryFn: async ({ signal }) => {
      const keys = await callApi(labCalls.listFiles, {
        body: {
          bucket: bucket!,
          path,
          filter: options.filter ?? [],
          only_files: options.onlyFiles ?? false,
          delimiter: options.delimiter ?? '',
        },
        signal,
      });
      return keys === false ? [] : keys;
    },
    enabled: Boolean(bucket),
    staleTime: STALE_MS,
  });

const isTiff = (key: string) => /\.tiff?$/i.test(key);
export const isImageFile = (key: string) => /\.(png|jpe?g|tiff?)$/i.test(key);

/** A file of a bucket with the session's token; tif images come as JPEG (browsers cannot show tif). */
async function fetchStorageBlob(
  token: string | null,
  bucket: string,
  key: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const url = isTiff(key)
    ? buildPath(LAB_RAW_PATHS.imageAsJpg, {}, { bucket_name: bucket, filename: key, rotation: 0 })
    : buildPath(LAB_RAW_PATHS.blob, {}, { bucket_name: bucket, filename: key });
  const response = await fetch(url, { headers: token ? { authorization: `JWT ${token}` } : {}, signal });
  if (!response.ok) {
    let msg: string = LAB_MSG.imageLoadFailed;
    try {
      msg = ((await response.json()) as { msg?: string }).msg ?? msg;
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiError(response.status, msg, LAB_RAW_PATHS.blob);
  }
  return response.blob();
}

/**
 * An object URL for an image in storage. The blob is cached by TanStack Query (one request per file while it is
 * cached, shared by every pane showing it); each mounted image makes and revokes its own object URL.
 */
export function useStorageImageUrl(bucket: string | undefined, key: string | undefined) {
  const { token } = useSession();
  const query = useQuery({
    queryKey: labViewKeys.blob(bucket ?? '', key ?? ''),
    queryFn: ({ signal }) => fetchStorageBlob(token, bucket!, key!, signal),
    enabled: Boolean(bucket && key && token),
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  });
  const [url, setUrl] = useState<string | undefined>();
  const blob = query.data;
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return { url, isLoading: query.isLoading, error: query.error };
}

/** A json or csv file of a bucket, parsed by the server (csv as rows of cells); null when it could not be read. */
export function useStorageJson(bucket: string | undefined, key: string | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: labViewKeys.text(bucket ?? '', key ?? ''),
    queryFn: ({ signal }) =>
      fetchJson(token, /\.csv$/i.test(key!) ? LAB_RAW_PATHS.csv : LAB_RAW_PATHS.json, bucket!, key!, signal),
    enabled: Boolean(bucket && key),
    staleTime: STALE_MS,
  });
}

/** GET /json or /csv: the parsed value, or null when the server says false. */
async function fetchJson(
  token: string | null,
  path: string,
  bucket: string,
  key: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await fetch(buildPath(path, {}, { bucket_name: bucket, filename: key }), {
    headers: token ? { authorization: `JWT ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, `${response.status} ${response.statusText}`, path);
  const value = (await response.json()) as unknown;
  return value === false ? null : value;
}

export function useInvalidateLab(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['lab-views'] }),
      client.invalidateQueries({ queryKey: ['lab', 'qc'] }),
    ]);
  };
}
