import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this size a compressed copy saves less than its own request overhead. */
const MIN_BYTES = 1024;

/** Writes `file.gz` and `file.br` beside every compressible file of `dir` (recursively); returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompressDir(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    );
    count++;
  }
  return count;
}

/**
 * Compressed copies of the built files, which the server sends as they are (@fastify/static `preCompressed`):
 * the explorer's 1.7 MB of JavaScript travels as about 0.4 MB without the server compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atlas-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
