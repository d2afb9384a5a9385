import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync, gunzipSync } from 'node:zlib';
import { TabixIndexedFile } from '@gmod/tabix';
import { afterAll, describe, expect, it } from 'vitest';
import { BGZF_EOF, bgzf } from './bgzf.js';
import { reg2bin, writeTabixBed, type TabixRecord } from './tabix.js';

/** Our BGZF files and tabix indexes read back with @gmod/tabix (JBrowse's reader, written independently of ours). */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-tabix-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const deflateRaw = (bytes: Uint8Array) => new Uint8Array(deflateRawSync(bytes));

/** Fragments as 10x writes them: chrom, start, end, barcode, read support; enough to fill many BGZF members. */
function fragments(): TabixRecord[] {
  const out: TabixRecord[] = [];
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  for (let i = 0; i < 20_000; i++) {
    const chrom = ['chr1', 'chr2', 'chr10'][rand(3)]!;
    // Mostly short, some long (spanning bins of every level), across 0–3 Mb.
    const start = rand(3_000_000);
    const end = start + (i % 500 === 0 ? 300_000 : 50 + rand(700));
    out.push({ chrom, start, end, rest: [`AAACGAACAGCTTGT-${rand(50)}`, 1 + rand(4)] });
  }
  return out;
}

describe('BGZF', () => {
  it('is gzip: members that any gzip reader joins, ending with the EOF member', () => {
    const text = new TextEncoder().encode('line\n'.repeat(40_000));
    const file = bgzf(text, deflateRaw);
    expect(Buffer.from(gunzipSync(file)).equals(Buffer.from(text))).toBe(true);
    expect([...file.subarray(file.length - 28)]).toEqual([...BGZF_EOF]);
    // The 'BC' field of the first member gives its size.
    const size = new DataView(file.buffer, file.byteOffset).getUint16(16, true) + 1;
    expect([file[12], file[13], file[size], file[size + 1]]).toEqual([0x42, 0x43, 0x1f, 0x8b]);
  });
});

describe('writeTabixBed', () => {
  const records = fragments();
  const { data, index } = writeTabixBed(records, { header: ['# id=TEST', '# reference_genome=mm10'], deflateRaw });
  const file = path.join(dir, 'fragments.tsv.gz');
  fs.writeFileSync(file, data);
  fs.writeFileSync(`${file}.tbi`, index);
  const tbx = new TabixIndexedFile({ path: file, tbiPath: `${file}.tbi` });

  it('writes the sorted lines, gzip-readable, after the header', () => {
    const lines = new TextDecoder().decode(gunzipSync(data)).trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual(['# id=TEST', '# reference_genome=mm10']);
    expect(lines).toHaveLength(records.length + 2);
    expect(lines.slice(2).map((l) => l.split('\t')[0])).toEqual(
      [...records.map((r) => r.chrom)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    );
    expect(data.length).toBeGreaterThan(2 * 0xff00 * 0.2);
  });

  it('indexes every line: @gmod/tabix finds exactly the lines overlapping a region', async () => {
    expect(await tbx.getReferenceSequenceNames()).toEqual(['chr1', 'chr2', 'chr10']);
    const header = await tbx.getHeader();
    expect(header).toContain('# reference_genome=mm10');
    for (const [chrom, from, to] of [
      ['chr1', 0, 20_000],
      ['chr2', 1_234_567, 1_300_000],
      ['chr10', 2_900_000, 3_400_000],
      ['chr1', 1_500_000, 1_500_001],
    ] as const) {
      const got: string[] = [];
      await tbx.getLines(chrom, from, to, (line) => got.push(line));
      const expected = records
        .filter((r) => r.chrom === chrom && r.start < to && r.end > from)
        .map((r) => [r.chrom, r.start, r.end, ...r.rest].join('\t'));
      expect(got.sort()).toEqual(expected.sort());
    }
  });

  it('bins as the SAM specification does', () => {
    expect(reg2bin(0, 1)).toBe(4681);
    expect(reg2bin(16_383, 16_385)).toBe(585);
    expect(reg2bin(0, 1 << 26)).toBe(1);
    expect(reg2bin(0, (1 << 26) + 1)).toBe(0);
  });

  it('refuses what tabix cannot index', () => {
    expect(() => writeTabixBed([{ chrom: 'chr1', start: 5, end: 5, rest: [] }], { deflateRaw })).toThrow(/non-empty/);
    expect(() => writeTabixBed([], { header: ['no hash'], deflateRaw })).toThrow(/start with #/);
  });
});
