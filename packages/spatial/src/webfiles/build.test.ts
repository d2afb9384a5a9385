import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { column } from '../matrix/ops.js';
import { generateRun } from '../synthetic/generate.js';
import { buildWebFiles } from './build.js';
import { readCscFeature } from './csc.js';
import { parseDataCsv } from './data-csv.js';
import { parseNames } from './names.js';
import { parseSummationChunk, parseSummationLine } from './summation-text.js';

describe('buildWebFiles', async () => {
  const run = generateRun({
    seed: 9,
    tixels: 200,
    features: 1500,
    assay: 'atac',
    motifs: 25,
    regulons: 6,
    cellTypes: true,
  });
  const topTen = { '1': [['Actb', 'Gapdh']], '-1': [['Mbp', 'Plp1']] };
  const files = await buildWebFiles({
    clusters: run.clusters,
    spatial: run.spatial,
    umap: run.umap,
    qc: run.qc,
    cellTypes: run.cellTypes,
    features: {
      genes: { names: run.varNames, matrix: run.X },
      motifs: { names: run.motifs!.names, matrix: run.motifs!.matrix },
      eRegulons: { names: run.regulons!.names, matrix: run.regulons!.matrix },
    },
    topTen: { genes: topTen },
  });
  const text = (path: string): string => gunzipSync(files.get(path)!).toString();

  it('writes exactly the DESIGN §6 layout, every .gz a valid gzip', () => {
    expect([...files.keys()]).toEqual([
      'data.csv.gz',
      'eRegulonNames.txt.gz',
      'geneNames.txt.gz',
      'motifNames.txt.gz',
      'summations/eRegulonSummation0.txt.gz',
      'summations/eRegulons.csc',
      'summations/eRegulons.sel',
      'summations/geneSummation0.txt.gz',
      'summations/geneSummation1.txt.gz',
      'summations/genes.csc',
      'summations/genes.sel',
      'summations/motifSummation0.txt.gz',
      'summations/motifs.csc',
      'summations/motifs.sel',
      'topTen_genes.json',
    ]);
    for (const [path, bytes] of files) if (path.endsWith('.gz')) expect(() => gunzipSync(bytes)).not.toThrow();
  });

  it('round-trips the tixel table, names, summations and top ten', () => {
    const data = parseDataCsv(text('data.csv.gz'));
    expect(data).toEqual({
      clusters: run.clusters,
      spatial: run.spatial,
      umap: run.umap,
      qc: run.qc,
      cellTypes: run.cellTypes,
    });
    expect(parseNames(text('geneNames.txt.gz'))).toEqual(run.varNames);
    expect(parseNames(text('eRegulonNames.txt.gz'))).toEqual(run.regulons!.names);
    const chunk = parseSummationChunk(text('summations/geneSummation1.txt.gz'));
    expect([chunk.tixels, chunk.lines.length]).toEqual([200, 500]);
    expect(parseSummationLine(chunk.lines[17]!)).toEqual(column(run.X, 1017));
    const motif = parseSummationLine(parseSummationChunk(text('summations/motifSummation0.txt.gz')).lines[3]!);
    column(run.motifs!.matrix, 3).forEach((v, i) => expect(Math.abs(motif[i]! - v)).toBeLessThanOrEqual(0.005 + 1e-6));
    expect(readCscFeature(files.get('summations/motifs.csc')!, 3)).toEqual(column(run.motifs!.matrix, 3));
    expect(JSON.parse(new TextDecoder().decode(files.get('topTen_genes.json')))).toEqual(topTen);
  });

  it('refuses a matrix whose shape does not match the tixels or names', async () => {
    await expect(
      buildWebFiles({
        clusters: run.clusters,
        spatial: run.spatial,
        umap: run.umap,
        qc: run.qc,
        features: { genes: { names: run.varNames.slice(1), matrix: run.X } },
      }),
    ).rejects.toThrow(/1500 columns for 1499 names/);
  });
});
