/**
 * The demo runs' peak calls and fragments (issue 16; spec 03 §7 Tracks): a BED6 peak at each gene's TSS (for a
 * bigBed) and a 10x-style fragments file (chrom, start, end, barcode, read support; for tabix), both on the demo
 * reference, so that the track browser shows every kind of track it reads. A cluster's marker genes carry more
 * fragments, drawn mostly from that cluster's tixels, so the fragments agree with the plots and the bigWigs.
 */
import type { BedFeature } from '../tracks/bigbed.js';
import type { TabixRecord } from '../tracks/tabix.js';
import { createRng } from './random.js';
import type { SyntheticRun } from './generate.js';
import type { DemoReference } from './tracks.js';

const PEAK_HALF_WIDTH = 500;

/** Which clusters each gene is a marker of. */
function markerClusters(run: Pick<SyntheticRun, 'markers'>, genes: number): number[][] {
  const of: number[][] = Array.from({ length: genes }, () => []);
  run.markers.forEach((markers, c) => markers.forEach((g) => of[g]?.push(c)));
  return of;
}

/** One peak of ±500 bp at each gene's TSS, scored by the share of clusters it marks (at least 100 of 1000). */
export function demoPeaks(run: Pick<SyntheticRun, 'markers' | 'varNames'>, reference: DemoReference): BedFeature[] {
  const genes = Math.min(reference.genes.length, run.varNames.length);
  const marks = markerClusters(run, genes);
  const k = Math.max(1, run.markers.length);
  return reference.genes.slice(0, genes).map((gene, g) => {
    const tss = gene.strand === '+' ? gene.start : gene.end;
    return {
      chrom: gene.chrom,
      start: Math.max(0, tss - PEAK_HALF_WIDTH),
      end: tss + PEAK_HALF_WIDTH,
      name: `${gene.name}_TSS`,
      score: Math.max(100, Math.round((1000 * marks[g]!.length) / k)),
      strand: gene.strand,
    };
  });
}

/**
 * Fragments around each gene's TSS: 6 per gene, 30 for a marker gene (four in five from its cluster's tixels), of
 * nucleosome-free length (50–300 bp) mostly, some mono-nucleosomal (180–400 bp), with read support 1–4.
 */
export function demoFragments(
  run: Pick<SyntheticRun, 'markers' | 'varNames' | 'obsNames' | 'clusters'>,
  reference: DemoReference,
  seed: number,
): TabixRecord[] {
  const rng = createRng(seed ^ 0xf4a6);
  const genes = Math.min(reference.genes.length, run.varNames.length);
  const marks = markerClusters(run, genes);
  const byCluster = new Map<number, number[]>();
  run.clusters.forEach((name, i) => {
    const c = Number(name.slice(1)) - 1;
    const list = byCluster.get(c) ?? [];
    list.push(i);
    byCluster.set(c, list);
  });
  const sizes = new Map(reference.chroms.map((c) => [c.name, c.size]));
  const out: TabixRecord[] = [];
  reference.genes.slice(0, genes).forEach((gene, g) => {
    const tss = gene.strand === '+' ? gene.start : gene.end;
    const own = marks[g]!.length ? byCluster.get(marks[g]![0]!) : undefined;
    const count = own ? 30 : 6;
    for (let f = 0; f < count; f++) {
      const tixel = own && rng.next() < 0.8 ? own[rng.int(own.length)]! : rng.int(run.obsNames.length);
      const length = rng.next() < 0.7 ? 50 + rng.int(250) : 180 + rng.int(220);
      const centre = tss + Math.round(rng.normal() * 250);
      const start = Math.max(0, centre - (length >> 1));
      const end = Math.min(sizes.get(gene.chrom)!, start + length);
      out.push({ chrom: gene.chrom, start, end, rest: [`${run.obsNames[tixel]}-1`, 1 + rng.int(4)] });
    }
  });
  return out;
}
