/**
 * Track browser and regulon network content for synthetic runs (issue 16): a small demo reference per genome (the
 * first chromosomes at their real lengths, a cytoband file and a gene BED that places every synthetic gene name on
 * them — demo loci, not real annotation), per-cluster signal around each gene's TSS (a cluster's marker genes
 * carry strong peaks, so the tracks agree with the run's marker genes), and a SCENIC+-like eRegulon network.
 */
import type { BigWigChrom, BigWigInterval } from '../tracks/bigwig.js';
import { createRng } from './random.js';
import type { SyntheticRun } from './generate.js';

/** Chromosome lengths of chr1–chr5 of each demo genome (UCSC chrom.sizes). */
const CHROMOSOMES: Record<string, number[]> = {
  grch38: [248_956_422, 242_193_529, 198_295_559, 190_214_555, 181_538_259],
  mm10: [195_471_971, 182_113_224, 160_039_680, 156_508_116, 151_834_684],
  rn6: [282_763_074, 266_435_125, 177_699_992, 184_226_339, 173_707_219],
};
export const DEMO_GENOMES = Object.keys(CHROMOSOMES);

export interface DemoGene {
  chrom: string;
  start: number;
  end: number;
  name: string;
  strand: '+' | '-';
}

export interface DemoReference {
  chroms: BigWigChrom[];
  genes: DemoGene[];
  /** `chrom.sizes`: name and length per line. */
  chromSizes: string;
  /** UCSC `cytoBand.txt`: chrom, start, end, band, stain. */
  cytoband: string;
  /** BED6 of the genes, sorted by position. */
  genesBed: string;
}

/** Gene i lies on chr(i mod 5 + 1), 200 kb after gene i − 5: the first megabase of chr1 holds five genes. */
const GENE_SPACING = 200_000;
const FIRST_GENE_AT = 50_000;

export function demoReference(genome: string, geneNames: readonly string[]): DemoReference {
  const lengths = CHROMOSOMES[genome];
  if (!lengths) throw new RangeError(`No demo reference for genome ${genome}`);
  const chroms = lengths.map((size, i) => ({ name: `chr${i + 1}`, size }));
  const rng = createRng([...genome].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
  const genes = geneNames.map((name, i): DemoGene => {
    const start = FIRST_GENE_AT + Math.floor(i / chroms.length) * GENE_SPACING + rng.int(50_000);
    return {
      chrom: chroms[i % chroms.length]!.name,
      start,
      end: start + 5_000 + rng.int(60_000),
      name,
      strand: rng.next() < 0.5 ? '+' : '-',
    };
  });
  const byPosition = [...genes].sort(
    (a, b) => a.chrom.localeCompare(b.chrom, 'en', { numeric: true }) || a.start - b.start,
  );
  const stains = ['gneg', 'gpos25', 'gneg', 'gpos50', 'gneg', 'gpos75', 'gneg', 'gpos100'];
  const bands: string[] = [];
  for (const chrom of chroms) {
    // Acrocentric in the mouse and rat; a centromere near a third of the length in human.
    const centromere = genome === 'grch38' ? Math.round(chrom.size * 0.35) : 3_000_000;
    const step = 10_000_000;
    let start = 0;
    let n = 0;
    while (start < chrom.size) {
      const end = Math.min(chrom.size, start + step);
      const arm = end <= centromere ? 'p' : 'q';
      const stain = start < centromere && end >= centromere ? 'acen' : stains[n % stains.length]!;
      bands.push(`${chrom.name}\t${start}\t${end}\t${arm}${Math.floor(n / 3) + 1}.${(n % 3) + 1}\t${stain}`);
      start = end;
      n++;
    }
  }
  return {
    chroms,
    genes,
    chromSizes: chroms.map((c) => `${c.name}\t${c.size}\n`).join(''),
    cytoband: bands.join('\n') + '\n',
    genesBed: byPosition.map((g) => `${g.chrom}\t${g.start}\t${g.end}\t${g.name}\t0\t${g.strand}\n`).join(''),
  };
}

const BIN = 250;
const HALF_WIDTH = 2_500;

/**
 * Accessibility-like signal per cluster (name → chromosome → intervals): 250 bp bins over ±2.5 kb of each gene's
 * TSS, a peak whose height is the gene's base level, six times higher for the cluster's marker genes.
 */
export function demoClusterSignal(
  run: Pick<SyntheticRun, 'markers' | 'varNames'>,
  reference: DemoReference,
  seed: number,
): Map<string, Map<string, BigWigInterval[]>> {
  const rng = createRng(seed ^ 0x5eed7);
  const base = reference.genes.map(() => 0.3 + rng.next() * 1.2);
  const out = new Map<string, Map<string, BigWigInterval[]>>();
  run.markers.forEach((markers, c) => {
    const marker = new Set(markers);
    const perChrom = new Map<string, BigWigInterval[]>();
    reference.genes.forEach((gene, g) => {
      if (g >= run.varNames.length) return;
      const height = base[g]! * (marker.has(g) ? 6 : 1);
      const tss = gene.strand === '+' ? gene.start : gene.end;
      const list = perChrom.get(gene.chrom) ?? [];
      for (let at = tss - HALF_WIDTH; at < tss + HALF_WIDTH; at += BIN) {
        const d = (at + BIN / 2 - tss) / 800;
        const value = height * Math.exp(-d * d) + 0.05 * rng.next();
        list.push({ start: at, end: at + BIN, value: Math.round(value * 1000) / 1000 });
      }
      perChrom.set(gene.chrom, list);
    });
    out.set(`C${c + 1}`, perChrom);
  });
  return out;
}

/** A bedGraph of the mean over clusters, one interval of ±500 bp at each TSS peak (small enough to read whole). */
export function demoBedGraph(signal: Map<string, Map<string, BigWigInterval[]>>, name: string): string {
  const clusters = [...signal.values()];
  const lines = [`track type=bedGraph name="${name}"`];
  for (const [chrom, first] of clusters[0] ?? new Map<string, BigWigInterval[]>()) {
    const peaks = first.length / ((2 * HALF_WIDTH) / BIN);
    for (let p = 0; p < peaks; p++) {
      const at = p * ((2 * HALF_WIDTH) / BIN) + HALF_WIDTH / BIN - 2;
      const sum = clusters.reduce((s, c) => s + (c.get(chrom)![at]!.value + c.get(chrom)![at + 3]!.value) / 2, 0);
      const start = first[at]!.start;
      lines.push(`${chrom}\t${start}\t${start + 4 * BIN}\t${(sum / clusters.length).toFixed(3)}`);
    }
  }
  return lines.join('\n') + '\n';
}

export interface DemoNetwork {
  nodes: { name: string; color_rgb: string; size: number }[];
  edges: { source: string; target: string; color_rgb: string; width: number }[];
}

/**
 * An eRegulon network (spec 03 §3 "Network JSON"): one node per eRegulon (named exactly as in the run's eRegulon
 * names, sized by its region count), its target genes (drawn from the marker genes of the cluster where the
 * regulon is most active, so the network agrees with the plots), edges weighted by importance.
 */
export function demoNetwork(run: SyntheticRun, seed: number): DemoNetwork {
  if (!run.regulons) throw new RangeError('The run has no eRegulons');
  const rng = createRng(seed ^ 0x4e7);
  const { names, matrix } = run.regulons;
  if (matrix.kind !== 'dense') throw new RangeError('eRegulon AUC matrix must be dense');
  const k = run.markers.length;
  const palette = ['rgb(31,119,180)', 'rgb(255,127,14)', 'rgb(44,160,44)', 'rgb(214,39,40)', 'rgb(148,103,189)'];
  const nodes: DemoNetwork['nodes'] = [];
  const edges: DemoNetwork['edges'] = [];
  const genes = new Set<string>();
  names.forEach((name, f) => {
    // The cluster with the highest mean AUC of this regulon.
    const sums = new Float64Array(k);
    const counts = new Float64Array(k);
    for (let i = 0; i < matrix.nRows; i++) {
      const c = Number(run.clusters[i]!.slice(1)) - 1;
      sums[c]! += matrix.data[i * matrix.nCols + f]!;
      counts[c]!++;
    }
    let best = 0;
    for (let c = 1; c < k; c++) if (sums[c]! / (counts[c]! || 1) > sums[best]! / (counts[best]! || 1)) best = c;
    const regions = Number(/\((\d+)r\)$/.exec(name)?.[1] ?? 100);
    nodes.push({ name, color_rgb: palette[best % palette.length]!, size: Math.round(20 + regions / 10) });
    const pool = run.markers[best]!.length ? run.markers[best]! : [0];
    const targets = 4 + rng.int(6);
    for (let t = 0; t < targets; t++) {
      const gene = run.varNames[pool[rng.int(pool.length)]!]!;
      if (edges.some((e) => e.source === name && e.target === gene)) continue;
      genes.add(gene);
      const width = Math.round((0.5 + rng.next() * 4.5) * 100) / 100;
      const shade = Math.round(200 - width * 30);
      edges.push({ source: name, target: gene, color_rgb: `rgb(${shade},${shade},${shade})`, width });
    }
  });
  for (const gene of [...genes].sort()) nodes.push({ name: gene, color_rgb: 'rgb(170,170,170)', size: 12 });
  return { nodes, edges };
}
