import { LAB_MSG, LAB_RAW_PATHS } from '@atlas/contracts';
import { xhrUpload } from '../../api/xhrUpload';

export interface UploadHandle {
  done: Promise<void>;
  abort: () => void;
}

/** Thrown when an upload was aborted. */
export class UploadCancelled extends Error {
  constructor() {
    super(LAB_MSG.uploadCancelled);
  }
}

/**
 * Uploads one file to POST /api/v1/storage/upload (multipart: meta, output_filename, then the file, so the server
 * streams it straight into storage) with upload progress. Rejects with UploadCancelled when aborted, otherwise
 * with the server's message. `overwrite` replaces an object already at the key (refused by default).
 */
export function uploadStorageFile(
  token: string | null,
  file: Blob,
  outputFilename: string,
  meta: Record<string, unknown>,
  onProgress: (percent: number) => void,
  { overwrite = false } = {},
): UploadHandle {
  const form = new FormData();
  form.append('meta', JSON.stringify(meta));
  form.append('output_filename', outputFilename);
  if (overwrite) form.append('overwrite', 'true');
  form.append('file', file, outputFilename.split('/').pop());
  const upload = xhrUpload(LAB_RAW_PATHS.storageUpload, form, token, onProgress);
  const done = upload.promise.then(
    ({ status, body }) => {
      if (status >= 200 && status < 300) {
        onProgress(100);
        return;
      }
      // Not JSON, or no message: the spec's generic upload failure message.
      throw new Error((body as { msg?: string } | undefined)?.msg ?? LAB_MSG.datasetFileExists);
    },
    (error: Error) => {
      throw error.name === 'AbortError' ? new UploadCancelled() : error;
    },
  );
  return { done, abort: upload.abort };
}
