import fs from 'node:fs';
import type { StagedFile } from '../src/domains/uploads/staging.js';

/** A staged upload lying in a local file, as the filesystem staging keeps one (arrival checks in tests and bench). */
export function stagedAt(file: string): StagedFile {
  return {
    size: fs.statSync(file).size,
    readAt: async (offset, length) => {
      const fd = fs.openSync(file, 'r');
      try {
        const buffer = new Uint8Array(length);
        return buffer.subarray(0, fs.readSync(fd, buffer, 0, length, offset));
      } finally {
        fs.closeSync(fd);
      }
    },
    localPath: async () => file,
    commit: () => Promise.reject(new Error('not committed: only its arrival is checked')),
    release: async () => {},
  };
}
