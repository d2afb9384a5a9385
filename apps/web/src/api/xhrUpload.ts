import { LAB_MSG } from '@atlas/contracts';

/**
 * A multipart POST with upload progress, which fetch cannot report: XMLHttpRequest with the session's
 * `Authorization: JWT <token>` header. Resolves with the status and parsed JSON body; rejects only when aborted
 * (`AbortError`) or the network fails (status 0).
 */
interface XhrResult {
  status: number;
  body: unknown;
}

export interface XhrUpload {
  promise: Promise<XhrResult>;
  abort: () => void;
}

export function xhrUpload(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
): XhrUpload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<XhrResult>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `JWT ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      reject(
        Object.assign(new Error('The server cannot be reached. Check your connection and try again.'), {
          name: 'NetworkError',
        }),
      );
    xhr.onabort = () => reject(Object.assign(new Error(LAB_MSG.uploadCancelled), { name: 'AbortError' }));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
