import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('precompressDir', () => {
  it('writes gzip and brotli copies that decompress to the original, skipping small and binary files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-precompress-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = Buffer.from('export const x = 1;\n'.repeat(200));
    fs.writeFileSync(path.join(dir, 'assets', 'a.js'), js);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));

    expect(precompressDir(dir)).toBe(1);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'a.js.gz')))).toEqual(js);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'a.js.br')))).toEqual(js);
    expect(fs.existsSync(path.join(dir, 'tiny.css.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.gz'))).toBe(false);
  });
});
