import path from 'node:path';
import { z } from 'zod';
import { checkKey } from '../../../infra/storage/port.js';
import type { ObjectStore } from '../../../infra/storage/port.js';

/** A run id inside a file or folder name: `D` and five digits, not part of a longer word or number. */
const RUN_ID_IN_NAME = /(?<![A-Za-z0-9])(D[0-9]{5})(?![0-9])/;

/** The run a sequencing file belongs to: the id in its name, else in its innermost folder that has one. */
export function runIdOfPath(file: string): string | null {
  for (const segment of file.split('/').reverse()) {
    const match = RUN_ID_IN_NAME.exec(segment);
    if (match) return match[1]!;
  }
  return null;
}

/** Where a run's sequencing file goes: `{storage root}/{run}/fastq/{file name}`; `data/D00001/fastq/…` by default. */
export const sequencingKey = (storageRoot: string, runId: string, file: string) =>
  `${storageRoot.replace(/^\/+|\/+$/g, '')}/${runId}/fastq/${path.posix.basename(file)}`;

/** A storage root: a key prefix the storage rules accept. */
export const ZStorageRoot = z
  .string()
  .trim()
  .default('data')
  .superRefine((root, ctx) => {
    try {
      checkKey(`${root.replace(/^\/+|\/+$/g, '')}/x`);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** An output key the storage rules accept (checked when posting: a bad key is a 400, not a FAILURE). */
export const ZOutputKey = z.string().superRefine((key, ctx) => {
  try {
    checkKey(key);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/** Which of these keys already hold an object (the 'File already exists' warning). */
export async function existing(storage: ObjectStore, bucket: string, keys: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(keys.map((key) => storage.exists(bucket, key)));
  return new Set(keys.filter((_, i) => found[i]));
}
