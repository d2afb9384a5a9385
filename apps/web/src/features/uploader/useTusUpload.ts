import { useCallback, useEffect, useRef, useState } from 'react';
import * as tus from 'tus-js-client';
import { UPLOAD_PATH, ZTusUploadResult, type TusUploadResult, type UploadSlot } from '@atlas/contracts';
import { useSession } from '../../app/session';
import { addSample, bytesPerSecond, type RateSample } from './rate';

/** Each PATCH carries at most this much: a dropped request costs at most one chunk, proxies see bounded bodies. */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Retries after a lost connection: quick at first, then every 10 s for about ten minutes. */
const RETRY_DELAYS = [0, 1000, 2000, 3000, 5000, ...Array<number>(60).fill(10_000)];

export type UploadPhase = 'idle' | 'uploading' | 'reconnecting' | 'done' | 'error';

export interface UploadState {
  phase: UploadPhase;
  sent: number;
  total: number;
  /** Bytes per second over the last seconds; null until measured. */
  speed: number | null;
  result: TusUploadResult | null;
  error: string | null;
}

const IDLE: UploadState = { phase: 'idle', sent: 0, total: 0, speed: null, result: null, error: null };

function messageOf(error: Error): string {
  const response = (error as tus.DetailedError).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { msg?: string };
      if (body.msg) return body.msg;
    } catch {
      // Not our JSON: tus's own plain-text answer follows.
    }
    return response.getBody() || `The server answered ${response.getStatus()}.`;
  }
  return 'The server cannot be reached. Check your connection and try again.';
}

/**
 * One resumable upload (tus) of a file into an Uploader slot. The browser remembers the upload's address under a
 * fingerprint of run, slot and file, so choosing the same file again after a closed tab or a server restart goes
 * on from the server's offset; a lost connection is retried without losing what arrived.
 */
export function useTusUpload(runId: string, slot: UploadSlot) {
  const { token } = useSession();
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const uploadRef = useRef<tus.Upload | null>(null);
  const samplesRef = useRef<RateSample[]>([]);
  const [state, setState] = useState<UploadState>(IDLE);

  useEffect(() => () => void uploadRef.current?.abort(false), []);

  const start = useCallback(
    async (file: File) => {
      samplesRef.current = [];
      setState({ ...IDLE, phase: 'uploading', total: file.size });
      const upload = new tus.Upload(file, {
        endpoint: UPLOAD_PATH,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        metadata: { run_id: runId, slot, filename: file.name },
        fingerprint: async (f) => ['atlas-upload', runId, slot, f.name, f.size, f.lastModified].join(':'),
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request) => {
          if (tokenRef.current) request.setHeader('Authorization', `JWT ${tokenRef.current}`);
        },
        onProgress: (sent, total) => {
          samplesRef.current = addSample(samplesRef.current, { at: performance.now(), bytes: sent });
          setState((s) => ({ ...s, phase: 'uploading', sent, total, speed: bytesPerSecond(samplesRef.current) }));
        },
        // Lost connections and server errors are retried, also while the browser says it is offline (the default
        // gives up then); a refusal (4xx) is final.
        onShouldRetry: (error) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          const retry = status === 0 || status >= 500 || status === 409 || status === 423;
          if (retry) setState((s) => ({ ...s, phase: 'reconnecting', speed: null }));
          return retry;
        },
        onSuccess: ({ lastResponse }) => {
          let result: TusUploadResult | null = null;
          try {
            result = ZTusUploadResult.parse(JSON.parse(lastResponse.getBody()));
          } catch {
            // A HEAD that found the upload already complete carries no body: it is in place all the same.
          }
          setState((s) => ({ ...s, phase: 'done', sent: s.total, speed: null, result }));
        },
        onError: (error) => setState((s) => ({ ...s, phase: 'error', speed: null, error: messageOf(error) })),
      });
      uploadRef.current = upload;
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    },
    [runId, slot],
  );

  /** Stops the upload and removes what the server holds of it. */
  const cancel = useCallback(async () => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    setState(IDLE);
    await upload?.abort(true).catch(() => undefined);
  }, []);

  const reset = useCallback(() => setState(IDLE), []);

  return { state, start, cancel, reset };
}
