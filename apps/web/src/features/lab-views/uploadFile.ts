import { LAB_MSG, LAB_RAW_PATHS } from '@atlas/contracts';

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
 * streams it straight into storage) with upload progress, which fetch cannot report.
 */
export function uploadStorageFile(
  token: string | null,
  file: Blob,
  outputFilename: string,
  meta: Record<string, unknown>,
  onProgress: (percent: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.open('POST', LAB_RAW_PATHS.storageUpload);
    if (token) xhr.setRequestHeader('Authorization', `JWT ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let msg: string = LAB_MSG.datasetFileExists;
      try {
        msg = (JSON.parse(xhr.responseText) as { msg?: string }).msg ?? msg;
      } catch {
        // not JSON: the spec's generic upload failure message
      }
      reject(new Error(msg));
    };
    xhr.onerror = () => reject(new Error('The server cannot be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new UploadCancelled());
    const form = new FormData();
    form.append('meta', JSON.stringify(meta));
    form.append('output_filename', outputFilename);
    form.append('file', file, outputFilename.split('/').pop());
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
