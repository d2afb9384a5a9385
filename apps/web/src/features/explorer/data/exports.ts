/**
 * Exports (issue 34): a run, the selection or an annotation as an .h5ad or a barcodes CSV, fetched from
 * `POST /api/v1/exports` with the session and saved as the file the server names. The answer is read in chunks so
 * the panel can show how much has arrived (the server sends the length: the file is made whole before it is sent).
 */
import { exportCalls, type ErrorBody, type TExportRequest } from '@atlas/contracts';
import { ApiError, sessionToken } from '../../../api/client';
import { downloadBlob } from '../../../components/download';

/** Where an export is: the server is making the file, or it is arriving (percent of its length). */
export type ExportProgress = { phase: 'preparing' } | { phase: 'downloading'; percent: number };

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** Fetches one export and saves it; answers the saved file's name. A refusal throws ApiError with its message. */
export async function downloadExport(
  request: TExportRequest,
  onProgress: (progress: ExportProgress) => void,
): Promise<string> {
  const path = exportCalls.exportRun.path;
  const token = sessionToken();
  onProgress({ phase: 'preparing' });
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      body: JSON.stringify(request),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.', path);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
    throw new ApiError(response.status, body?.msg ?? `${response.status} ${response.statusText}`, path);
  }
  const total = Number(response.headers.get('content-length') ?? 0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total > 0) onProgress({ phase: 'downloading', percent: Math.min(100, Math.round((100 * received) / total)) });
  }
  const name = fileNameOf(response.headers.get('content-disposition'), `${request.run_id}.h5ad`);
  downloadBlob(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' }), name);
  return name;
}
