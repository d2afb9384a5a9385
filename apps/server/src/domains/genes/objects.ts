import type { ObjectStore } from '../../infra/storage/index.js';

/** Reads a whole stored object (or an inclusive byte range of it) into memory. */
export async function readObject(
  storage: ObjectStore,
  bucket: string,
  key: string,
  range?: { start: number; end: number },
): Promise<Uint8Array> {
  const { body, size } = await storage.get(bucket, key, range ? { range } : undefined);
  const out = new Uint8Array(size);
  let at = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (at + chunk.length <= out.length) out.set(chunk, at);
    else chunks.push(chunk);
    at += chunk.length;
  }
  if (chunks.length) return new Uint8Array(Buffer.concat([Buffer.from(out.buffer, 0, out.length), ...chunks]).subarray(0, at));
  return at === out.length ? out : out.subarray(0, at);
}

/** `data/D00001/h5/obj` (spec's aws_path, with or without a trailing slash) → the web folder `data/D00001/h5/`. */
export function webFolderOfObjPath(awsPath: string): string | null {
  const trimmed = awsPath.replace(/\/+$/, '');
  if (!/(^|\/)h5\/obj$/.test(trimmed)) return null;
  return trimmed.slice(0, -'obj'.length);
}

/** The run id a storage path names (`data/D00001/…`), if any. */
export function runIdOfPath(path: string): string | null {
  return /^data\/(D[0-9]{5,})\//.exec(path)?.[1] ?? null;
}

export const RUN_ID = /^D[0-9]{5,}$/;
