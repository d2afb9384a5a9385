import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { TabixIndexedFile } from '@gmod/tabix';
import { describe, expect, it } from 'vitest';
import { writeTabixBed } from '../tracks/tabix.js';
import { generateRun } from './generate.js';
import { demoFragments, demoPeaks } from './peaks.js';
import { demoReference } from './tracks.js';

const run = generateRun({ seed: 3, grid: { rows: 12, cols: 12 }, features: 300, clusters: 4, assay: 'atac' });
const reference = demoReference('mm10', run.varNames);

describe('demo peaks and fragments', () => {
  it('puts one peak at each gene’s TSS, scored higher for marker genes', () => {
    const peaks = demoPeaks(run, reference);
    expect(peaks).toHaveLength(300);
    const gene = reference.genes[0]!;
    const tss = gene.strand === '+' ? gene.start : gene.end;
    expect(peaks[0]).toMatchObject({ chrom: gene.chrom, start: tss - 500, end: tss + 500, name: 'Actb_TSS' });
    const marker = run.markers[0]![0]!;
    const plain = run.varNames.findIndex((_, g) => !run.markers.some((m) => m.includes(g)));
    expect(peaks[marker]!.score).toBeGreaterThan(peaks[plain]!.score);
  });

  it('draws a marker gene’s fragments mostly from its cluster, readable through tabix', async () => {
    const fragments = demoFragments(run, reference, 3);
    const marker = run.markers[1]![0]!;
    const gene = reference.genes[marker]!;
    const tss = gene.strand === '+' ? gene.start : gene.end;
    const near = fragments.filter((f) => f.chrom === gene.chrom && Math.abs((f.start + f.end) / 2 - tss) < 2_000);
    expect(near.length).toBeGreaterThanOrEqual(30);
    const cluster = new Map(run.obsNames.map((b, i) => [`${b}-1`, run.clusters[i]]));
    const own = near.filter((f) => cluster.get(String(f.rest[0])) === 'C2').length;
    expect(own / near.length).toBeGreaterThan(0.5);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-fragments-'));
    try {
      const file = path.join(dir, 'fragments.tsv.gz');
      const { data, index } = writeTabixBed(fragments, {
        chroms: reference.chroms.map((c) => c.name),
        deflateRaw: (b) => new Uint8Array(deflateRawSync(b)),
      });
      fs.writeFileSync(file, data);
      fs.writeFileSync(`${file}.tbi`, index);
      const lines: string[] = [];
      await new TabixIndexedFile({ path: file, tbiPath: `${file}.tbi` }).getLines(
        gene.chrom,
        tss - 2_000,
        tss + 2_000,
        (l) => lines.push(l),
      );
      expect(lines.length).toBeGreaterThanOrEqual(near.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
