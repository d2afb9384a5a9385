import { z } from 'zod';

/**
 * The track browser's files (spec 03 §7 "Tracks", §9; DESIGN §5): a run's own tracks under `data/{run}/tracks/` and
 * the reference of its genome under `ref/{genome}/`, both in the tracks bucket, each reached through a signed URL.
 */

/** Species to genome (DESIGN §5): the folder of `ref/{genome}/`. */
export const GENOME_OF_SPECIES: Readonly<Record<string, string>> = {
  homo_sapiens: 'grch38',
  mus_musculus: 'mm10',
  rattus_norvegicus: 'rn6',
};

/** Signed track links live one hour (spec 03 §9 "Track file link expiry"). */
export const TRACK_LINK_SECONDS = 3600;

/** Where the track view starts (spec 03 §9): chr1, 0–1,000,000 (igv's 1-based locus string). */
export const TRACK_START_LOCUS = 'chr1:1-1000000';

/**
 * What a track file is, by its name: bigWig, bigBed, bedGraph, BED, or a fragments file (10x ATAC
 * `fragments.tsv.gz`, BED-like, read through its tabix index).
 */
export const TRACK_FORMATS = ['bigwig', 'bigbed', 'bedgraph', 'bed', 'fragments'] as const;
export const ZTrackFormat = z.enum(TRACK_FORMATS);
export type TTrackFormat = z.infer<typeof ZTrackFormat>;

/** A track file's format by its name (spec 03 §7 "Tracks" file types); null for indexes and anything else. */
export function trackFormat(name: string): TTrackFormat | null {
  if (/\.(bw|bigwig)$/i.test(name)) return 'bigwig';
  if (/\.(bb|bigbed)$/i.test(name)) return 'bigbed';
  if (/\.(bedgraph|bg)(\.gz)?$/i.test(name)) return 'bedgraph';
  if (/fragments\.tsv(\.gz)?$/i.test(name)) return 'fragments';
  if (/\.bed(\.gz)?$/i.test(name)) return 'bed';
  return null;
}

/** Index files read beside a track (tabix and CSI), named after it: `fragments.tsv.gz.tbi`. */
export const TRACK_INDEX_ENDINGS = ['.tbi', '.csi'] as const;

export const ZTrackFile = z.object({
  /** The file name without its folder, e.g. `C1.bw`. */
  name: z.string(),
  format: ZTrackFormat,
  /** 'run': `data/{run}/tracks/`; 'reference': `ref/{genome}/` (gene annotation and the like). */
  source: z.enum(['run', 'reference']),
  url: z.string(),
  /** A tabix/bigBed-free index beside the file (`.tbi`, `.csi`), signed like the file. */
  index_url: z.string().optional(),
});
export type TTrackFile = z.infer<typeof ZTrackFile>;

/**
 * The genome the tracks sit on: chromosome sizes (sequence-free) or a FASTA with its index, an optional
 * cytoband file, and where each gene is (a BED file the browser searches for the chosen gene).
 */
export const ZTrackReference = z.object({
  genome: z.string(),
  chrom_sizes_url: z.string().optional(),
  fasta_url: z.string().optional(),
  fasta_index_url: z.string().optional(),
  cytoband_url: z.string().optional(),
  genes_url: z.string().optional(),
});
export type TTrackReference = z.infer<typeof ZTrackReference>;

export const ZTracks = z.object({
  run_id: z.string(),
  /** The run's genome from its species; null when the species has none. */
  genome: z.string().nullable(),
  /** Null when `ref/{genome}/` holds neither chromosome sizes nor a FASTA: the browser cannot be drawn. */
  reference: ZTrackReference.nullable(),
  tracks: z.array(ZTrackFile),
  /** Epoch milliseconds after which the signed URLs stop working. */
  expires_at: z.number(),
});
export type TTracks = z.infer<typeof ZTracks>;

/** One regulon network (spec 03 §3 "Network JSON"); colours are `rgb(r,g,b)`, `#rrggbb` or `[r, g, b]`. */
const ZColor = z.union([z.string().min(1), z.tuple([z.number(), z.number(), z.number()])]);
export const ZNetwork = z.object({
  nodes: z.array(z.object({ name: z.string().min(1), color_rgb: ZColor, size: z.number().nonnegative() })),
  edges: z.array(
    z.object({ source: z.string().min(1), target: z.string().min(1), color_rgb: ZColor, width: z.number() }),
  ),
});
export type TNetwork = z.infer<typeof ZNetwork>;

/** The network slider (spec 03 §9): keep this share of the strongest edges; default 100 %. */
export const NETWORK_EDGE_STEPS = [15, 25, 50, 75, 100] as const;
export const NETWORK_EDGE_DEFAULT_STEP = 4;
/** The four layouts of spec 03 §9, in its order. */
export const NETWORK_LAYOUTS = ['Forced-Algorithm', 'Concentric', 'Circle', 'Grid'] as const;
export type NetworkLayout = (typeof NETWORK_LAYOUTS)[number];
