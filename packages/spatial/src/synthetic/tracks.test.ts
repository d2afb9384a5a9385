import { describe, expect, it } from 'vitest';
import { writeBigWig } from '../tracks/bigwig.js';
import { generateRun } from './generate.js';
import { demoBedGraph, demoClusterSignal, demoNetwork, demoReference } from './tracks.js';

const run = generateRun({ seed: 3, grid: { rows: 12, cols: 12 }, features: 300, clusters: 4, assay: 'atac' });
const reference = demoReference('mm10', run.varNames);

describe('demo tracks and networks', () => {
  it('places every gene on the demo genome, five in the first megabase of chr1', () => {
    expect(reference.genes).toHaveLength(300);
    expect(reference.chromSizes.split('\n')[0]).toBe('chr1\t195471971');
    const bed = reference.genesBed.trim().split('\n');
    expect(bed).toHaveLength(300);
    const firstMb = bed.filter((l) => l.startsWith('chr1\t') && Number(l.split('\t')[1]) < 1_000_000);
    expect(firstMb).toHaveLength(5);
    expect(firstMb[0]).toMatch(/^chr1\t\d+\t\d+\tActb\t0\t[+-]$/);
    expect(reference.cytoband).toMatch(/^chr1\t0\t10000000\tq1\.1\tacen$/m);
  });

  it('gives each cluster’s marker genes the strongest peaks, writable as bigWig', () => {
    const signal = demoClusterSignal(run, reference, 3);
    expect([...signal.keys()]).toEqual(['C1', 'C2', 'C3', 'C4']);
    const peakOf = (cluster: string, gene: number) => {
      const g = reference.genes[gene]!;
      const tss = g.strand === '+' ? g.start : g.end;
      return signal
        .get(cluster)!
        .get(g.chrom)!
        .filter((iv) => iv.start < tss + 500 && iv.end > tss - 500)
        .reduce((m, iv) => Math.max(m, iv.value), 0);
    };
    const marker = run.markers[1]![0]!;
    expect(peakOf('C2', marker)).toBeGreaterThan(2 * peakOf('C1', marker));
    const file = writeBigWig(reference.chroms, signal.get('C1')!);
    expect(file.length).toBeGreaterThan(300 * 20 * 12);
    const bedGraph = demoBedGraph(signal, 'all').trim().split('\n');
    expect(bedGraph[0]).toBe('track type=bedGraph name="all"');
    expect(bedGraph).toHaveLength(301);
  });

  it('builds a network whose regulon nodes are the run’s eRegulon names', () => {
    const network = demoNetwork(run, 3);
    const names = new Set(network.nodes.map((n) => n.name));
    for (const regulon of run.regulons!.names) expect(names.has(regulon)).toBe(true);
    for (const edge of network.edges) {
      expect(names.has(edge.source) && names.has(edge.target)).toBe(true);
      expect(edge.width).toBeGreaterThan(0);
    }
    expect(network.edges.length).toBeGreaterThan(run.regulons!.names.length * 3);
    expect(demoNetwork(run, 3)).toEqual(network);
  });
});
