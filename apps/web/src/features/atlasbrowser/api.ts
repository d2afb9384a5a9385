import { useQuery } from '@tanstack/react-query';
import {
  ATLASBROWSER,
  ATLASBROWSER_MSG,
  LAB_RAW_PATHS,
  TASK_POLL_INTERVAL_MS,
  atlasBrowserCalls,
  catalogueCalls,
  labCalls,
  taskCalls,
  type TTaskState,
} from '@atlas/contracts';
import { ApiError, buildPath, callApi } from '../../api/client';

/** Query keys of AtlasXbrowser; a generated folder invalidates `['atlasbrowser']` and the lab views' lists. */
export const browserKeys = {
  config: ['atlasbrowser', 'config'] as const,
  runs: (bucket: string) => ['atlasbrowser', 'runs', bucket] as const,
  barcodes: (bucket: string, path: string) => ['atlasbrowser', 'barcodes', bucket, path] as const,
  folder: (bucket: string, run: string) => ['atlasbrowser', 'folder', bucket, run] as const,
  options: ['atlasbrowser', 'field-options'] as const,
  task: (id: string | null) => ['atlasbrowser', 'task', id] as const,
};

export const useBrowserConfig = () =>
  useQuery({
    queryKey: browserKeys.config,
    queryFn: ({ signal }) => callApi(atlasBrowserCalls.config, { signal }),
    staleTime: Infinity,
  });

/** Dropdown lists of the metadata dialog (spec 02 §7.3). */
export const useFieldOptions = () =>
  useQuery({
    queryKey: browserKeys.options,
    queryFn: ({ signal }) => callApi(catalogueCalls.getFieldOptions, { signal }),
    staleTime: 5 * 60_000,
  });

const IMAGE_ENDING = ATLASBROWSER.imageExtensions.map((e) => `.${e}`);
/** `{root}/{run}/images/{name}`: a run's raw images. */
const imageKey = (root: string) => new RegExp(`^${root}/(D[0-9]{5,})/images/[^/]+$`);

/** Run folders that have images, with their image keys (spec 02 §2.8 run search dialog). */
export const useRunsWithImages = (bucket: string | undefined, root: string | undefined) =>
  useQuery({
    queryKey: browserKeys.runs(bucket ?? ''),
    queryFn: async ({ signal }) => {
      const keys = await callApi(labCalls.listFiles, {
        body: { bucket: bucket!, path: `${root}/`, filter: IMAGE_ENDING, only_files: true, delimiter: '' },
        signal,
      });
      const runs = new Map<string, string[]>();
      const pattern = imageKey(root!);
      for (const key of keys === false ? [] : keys) {
        const run = pattern.exec(key)?.[1];
        if (run) runs.set(run, [...(runs.get(run) ?? []), key]);
      }
      return runs;
    },
    enabled: Boolean(bucket && root),
    staleTime: 30_000,
  });

/** The lab's barcode files: `.txt` files of the configured folder. */
export const useBarcodeFiles = (bucket: string | undefined, path: string | undefined) =>
  useQuery({
    queryKey: browserKeys.barcodes(bucket ?? '', path ?? ''),
    queryFn: async ({ signal }) => {
      const keys = await callApi(labCalls.listFiles, {
        body: { bucket: bucket!, path: path!, filter: ['.txt'], only_files: true, delimiter: '/' },
        signal,
      });
      return keys === false ? [] : keys;
    },
    enabled: Boolean(bucket && path),
    staleTime: 60_000,
  });

/** Raw bytes of a stored object with the session's token; tif comes as JPEG (browsers cannot decode tif). */
export async function fetchStored(
  token: string | null,
  bucket: string,
  key: string,
  options: { rotation?: number; signal?: AbortSignal } = {},
): Promise<Blob> {
  const asJpeg = /\.tiff?$/i.test(key) || (options.rotation ?? 0) !== 0;
  const url = asJpeg
    ? buildPath(LAB_RAW_PATHS.imageAsJpg, {}, { bucket_name: bucket, filename: key, rotation: options.rotation ?? 0 })
    : buildPath(LAB_RAW_PATHS.blob, {}, { bucket_name: bucket, filename: key });
  const response = await fetch(url, {
    headers: token ? { authorization: `JWT ${token}` } : {},
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(response.status, ATLASBROWSER_MSG.imageLoadFailed, url);
  return response.blob();
}

export async function fetchStoredText(token: string | null, bucket: string, key: string): Promise<string> {
  return (await fetchStored(token, bucket, key)).text();
}

export const checkSpatialFolder = (bucket: string, runId: string) =>
  callApi(atlasBrowserCalls.checkSpatialFolderExists, { body: { bucket_name: bucket, run_id: runId } });

export const pullSlims = (runId: string) => callApi(atlasBrowserCalls.slimsRunId, { query: { run_id: runId } });

export const postGenerate = (args: Record<string, unknown>) =>
  callApi(taskCalls.postTask, {
    body: { task: 'atlasbrowser.generate_spatial', queue: 'atxcloud_atlasbrowser', args: [args], kwargs: {} },
  });

const terminal = (state: TTaskState | undefined) => state?.status === 'SUCCESS' || state?.status === 'FAILURE';

/** Polls the generation task every 1000 ms (spec 02 §4.3, §9) until SUCCESS or FAILURE. */
export const useGenerateTask = (id: string | null) =>
  useQuery({
    queryKey: browserKeys.task(id),
    queryFn: ({ signal }) => callApi(taskCalls.getTask, { params: { id: id! }, query: {}, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (terminal(query.state.data) ? false : TASK_POLL_INTERVAL_MS),
    staleTime: 0,
  });
