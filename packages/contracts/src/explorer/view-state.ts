import { z } from 'zod';
import { FEATURE_KINDS } from '../genes/schemas.js';

/**
 * The explorer's permalink (CONVENTIONS §12): the address query records the run (spec 03) plus our view fields.
 * Each version of the query has its own zod schema; an address is read with the schema of its `v` and then
 * upgraded step by step (`upgradeFromV1`, …) to the newest version, so links written by any earlier release still
 * open. Every field falls back to its default on a missing, unknown or bad value, so an address never throws.
 *
 * - Version 1: the first links (`run_id`, `kind`, `features`, `mode`, `palette`, `avg`, later the optional
 *   `samples`); a link without `v` is version 1. `mode` took cluster | celltype | expression although expression
 *   always followed from `features`, so a link could contradict itself (`mode=expression` without features).
 * - Version 2: `colour` (cluster | celltype) replaces `mode` and keeps only what the address cannot derive: how
 *   spots are coloured when no feature is shown. The other parameters are unchanged.
 * - Version 3: every other setting the explorer shows: `bg` (background), `umap_at` / `spatial_at` (each view's
 *   centre and zoom), `range` (Min/Max Range), `custom` (the custom palette's ends), `ind` (the feature shown one
 *   at a time), `scale` (tixel size), `tissue` (the tissue image off, or its opacity), `highlight` (ticked
 *   clusters) and `colors` (Color Configuration's cluster colours). A version-2 link had none of them: it opens
 *   with their defaults, as it did.
 */
export const VIEW_STATE_VERSION = 3 as const;

export const VIEW_KINDS = FEATURE_KINDS;
export const VIEW_MODES = ['cluster', 'celltype', 'expression'] as const;
/** The heatmap palettes of @atlas/viz (HEATMAP_PALETTES; the web app checks they agree). */
export const VIEW_PALETTES = ['jet', 'hot', 'inferno', 'picnic', 'bone', 'custom'] as const;
export const VIEW_AVERAGING = ['avg', 'ind'] as const;
/** The explorer's backgrounds (@atlas/viz BACKGROUND_COLORS, plus the palette's low end). */
export const VIEW_BACKGROUNDS = ['black', 'white', 'darkgrey', 'heatmap'] as const;
/** Defaults of the version-3 fields that the plots also know (the web app checks they agree with @atlas/viz). */
export const VIEW_DEFAULTS = {
  customColors: ['#f2f2f2', '#b2182b'] as [string, string],
  displayScale: 0.75,
  tissueOpacity: 0.9,
} as const;

/** The query parameters of a current (version 2) permalink. */
export const VIEW_QUERY_KEYS = {
  v: 'v',
  run_id: 'run_id',
  kind: 'kind',
  features: 'features',
  colour: 'colour',
  palette: 'palette',
  averaging: 'avg',
  samples: 'samples',
  background: 'bg',
  umap_at: 'umap_at',
  spatial_at: 'spatial_at',
  range: 'range',
  custom_colors: 'custom',
  individual: 'ind',
  display_scale: 'scale',
  tissue: 'tissue',
  highlighted: 'highlight',
  cluster_colors: 'colors',
} as const;

/** Parameters only older versions wrote; a rewritten address drops them. */
const LEGACY_QUERY_KEYS = ['mode'] as const;

/** How spots are coloured when no feature is shown (version 2's `colour`). */
const VIEW_COLOURINGS = ['cluster', 'celltype'] as const;

const RUN_ID = /^D\d{5,}$/;

/**
 * The additional sample runs as the explorer keeps them: valid run ids only, each once, in the given order,
 * never the main run; none without a main run (a sample is always shown beside one).
 */
export function cleanSampleIds(ids: readonly string[], mainRunId: string | null): string[] {
  if (!mainRunId) return [];
  return ids.filter((id, i) => RUN_ID.test(id) && id !== mainRunId && ids.indexOf(id) === i);
}

const ZFeatureList = z.string().transform((raw) =>
  raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .filter((f, i, all) => all.indexOf(f) === i),
);

const HEX = /^#[0-9a-f]{6}$/i;
/** Numbers as an address carries them: short, so that a permalink stays readable. */
const short = (n: number) => String(Number(n.toPrecision(6)));
const ZNumberList = (length: number) =>
  z
    .string()
    .transform((raw) => raw.split(',').map(Number))
    .pipe(z.array(z.number().finite()).length(length));

/**
 * Where a plot view looks: the centre in data coordinates and the zoom in log2 steps from the view fitted to its
 * points (0 = fitted, 1 = twice as close), so that a link opens alike in a window of another size.
 */
export const ZViewPlace = z.object({ x: z.number().finite(), y: z.number().finite(), zoom: z.number().finite() });
export type TViewPlace = z.infer<typeof ZViewPlace>;
const ZPlaceParam = ZNumberList(3).transform(([x, y, zoom]) => ({ x: x!, y: y!, zoom: zoom! }));
const writePlace = (p: TViewPlace | null) => (p ? [p.x, p.y, p.zoom].map(short).join(',') : null);

/** The parameters every version reads the same way, keyed by parameter name. */
const QUERY_FIELDS = {
  run_id: z.string().regex(RUN_ID).nullish().catch(null),
  kind: z.enum(VIEW_KINDS).nullish().catch(null),
  features: ZFeatureList.nullish().catch(null),
  palette: z.enum(VIEW_PALETTES).nullish().catch(null),
  avg: z.enum(VIEW_AVERAGING).nullish().catch(null),
  samples: z.string().nullish().catch(null),
};

/** Version 1 as read from the query: one optional value per parameter. */
const ZViewQueryV1 = z.object({ ...QUERY_FIELDS, mode: z.enum(VIEW_MODES).nullish().catch(null) });
type ViewQueryV1 = z.infer<typeof ZViewQueryV1>;

/** Version 2 as read from the query. */
const ZViewQueryV2 = z.object({ ...QUERY_FIELDS, colour: z.enum(VIEW_COLOURINGS).nullish().catch(null) });
type ViewQueryV2 = z.infer<typeof ZViewQueryV2>;

/** Version 3 as read from the query: version 2 plus the settings it left out. */
const ZViewQueryV3 = ZViewQueryV2.extend({
  bg: z.enum(VIEW_BACKGROUNDS).nullish().catch(null),
  umap_at: ZPlaceParam.nullish().catch(null),
  spatial_at: ZPlaceParam.nullish().catch(null),
  range: ZNumberList(2)
    .refine(([lo, hi]) => lo! < hi!)
    .transform(([lo, hi]) => [lo!, hi!] as [number, number])
    .nullish()
    .catch(null),
  custom: z
    .string()
    .transform((raw) => raw.split(','))
    .pipe(z.tuple([z.string().regex(HEX), z.string().regex(HEX)]))
    .nullish()
    .catch(null),
  ind: z.coerce.number().int().min(0).max(1000).nullish().catch(null),
  scale: z.coerce.number().finite().min(0.05).max(20).nullish().catch(null),
  tissue: z
    .union([z.literal('off'), z.coerce.number().min(0).max(1)])
    .nullish()
    .catch(null),
  highlight: ZFeatureList.nullish().catch(null),
  colors: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string().max(200), z.string().regex(HEX)))
    .nullish()
    .catch(null),
});
type ViewQueryV3 = z.infer<typeof ZViewQueryV3>;

/** v1 → v2: only `mode=celltype` survives as `colour`; cluster is the default and expression follows from features. */
function upgradeFromV1({ mode, ...rest }: ViewQueryV1): ViewQueryV2 {
  return { ...rest, colour: mode === 'celltype' ? 'celltype' : null };
}

/** v2 → v3: the settings version 2 did not record open with their defaults. */
function upgradeFromV2(q: ViewQueryV2): ViewQueryV3 {
  const none = { bg: null, umap_at: null, spatial_at: null, range: null, custom: null, ind: null };
  return { ...q, ...none, scale: null, tissue: null, highlight: null, colors: null };
}

/** The query of any known version, read with that version's schema and upgraded to the newest; null if unreadable. */
function readQuery(params: URLSearchParams): ViewQueryV3 | null {
  const pick = (schema: z.ZodObject) =>
    Object.fromEntries(Object.keys(schema.shape).map((key) => [key, params.get(key)]));
  const v = params.get(VIEW_QUERY_KEYS.v);
  // No `v`: a link from before versions existed. An unknown `v` (garbled, or from a newer release) is read with the
  // newest schema, the likeliest to match; its unreadable fields fall back one by one.
  if (v === null || v === '1') {
    const q = ZViewQueryV1.safeParse(pick(ZViewQueryV1));
    return q.success ? upgradeFromV2(upgradeFromV1(q.data)) : null;
  }
  if (v === '2') {
    const q = ZViewQueryV2.safeParse(pick(ZViewQueryV2));
    return q.success ? upgradeFromV2(q.data) : null;
  }
  const q = ZViewQueryV3.safeParse(pick(ZViewQueryV3));
  return q.success ? q.data : null;
}

/** The view state an address restores. */
export const ZViewState = z.object({
  v: z.literal(VIEW_STATE_VERSION),
  run_id: z.string().nullable(),
  kind: z.enum(VIEW_KINDS),
  features: z.array(z.string()),
  mode: z.enum(VIEW_MODES),
  palette: z.enum(VIEW_PALETTES),
  averaging: z.enum(VIEW_AVERAGING),
  /** Additional multi-sample run ids (extra spatial plots), never the main run. */
  samples: z.array(z.string()),
  background: z.enum(VIEW_BACKGROUNDS),
  /** Where the UMAP and spatial views look; null = fitted to their points. */
  umap_at: ZViewPlace.nullable(),
  spatial_at: ZViewPlace.nullable(),
  /** The Min/Max Range of the colour scale; null = the data's range. */
  range: z.tuple([z.number(), z.number()]).nullable(),
  custom_colors: z.tuple([z.string(), z.string()]),
  /** With averaging `ind`: which feature is shown. */
  individual: z.number().int().min(0),
  display_scale: z.number(),
  tissue_shown: z.boolean(),
  tissue_opacity: z.number(),
  /** Clusters ticked in the legend. */
  highlighted: z.array(z.string()),
  /** Color Configuration's colours, cluster → '#rrggbb'. */
  cluster_colors: z.record(z.string(), z.string()),
});
export type TViewState = z.infer<typeof ZViewState>;

export const DEFAULT_VIEW_STATE: TViewState = {
  v: VIEW_STATE_VERSION,
  run_id: null,
  kind: 'genes',
  features: [],
  mode: 'cluster',
  palette: 'jet',
  averaging: 'avg',
  samples: [],
  background: 'black',
  umap_at: null,
  spatial_at: null,
  range: null,
  custom_colors: VIEW_DEFAULTS.customColors,
  individual: 0,
  display_scale: VIEW_DEFAULTS.displayScale,
  tissue_shown: true,
  tissue_opacity: VIEW_DEFAULTS.tissueOpacity,
  highlighted: [],
  cluster_colors: {},
};

/** Reads the view state from an address query of any version; never throws (unknown or bad values are the defaults). */
export function parseViewQuery(params: URLSearchParams): TViewState {
  const q = readQuery(params);
  if (!q) return { ...DEFAULT_VIEW_STATE };
  const features = q.features ?? [];
  return {
    v: VIEW_STATE_VERSION,
    run_id: q.run_id ?? null,
    kind: q.kind ?? 'genes',
    features,
    // `mode` is `expression` whenever features are given (the spec's viewer modes) and never without them.
    mode: features.length ? 'expression' : (q.colour ?? 'cluster'),
    palette: q.palette ?? 'jet',
    averaging: q.avg ?? 'avg',
    samples: cleanSampleIds(
      (q.samples ?? '').split(',').map((id) => id.trim()),
      q.run_id ?? null,
    ),
    background: q.bg ?? 'black',
    umap_at: q.umap_at ?? null,
    spatial_at: q.spatial_at ?? null,
    range: q.range ?? null,
    custom_colors: q.custom ?? VIEW_DEFAULTS.customColors,
    individual: q.ind ?? 0,
    display_scale: q.scale ?? VIEW_DEFAULTS.displayScale,
    tissue_shown: q.tissue !== 'off',
    tissue_opacity: typeof q.tissue === 'number' ? q.tissue : VIEW_DEFAULTS.tissueOpacity,
    highlighted: q.highlight ?? [],
    cluster_colors: q.colors ?? {},
  };
}

/**
 * Writes the view state as a current-version address into a copy of `params` (other keys such as `component` are
 * kept; parameters of older versions are dropped). Defaults are left out, and `v` is written only with a view field,
 * so a plain address stays `?component=AtlasXplore&run_id=…`.
 */
export function writeViewQuery(params: URLSearchParams, view: Omit<TViewState, 'v'>): URLSearchParams {
  const out = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? out.delete(key) : out.set(key, value));
  const individual = view.averaging === 'ind' && view.features.length > 1;
  const sameCustom = view.custom_colors.every((c, i) => c.toLowerCase() === VIEW_DEFAULTS.customColors[i]);
  const fields: Record<Exclude<keyof typeof VIEW_QUERY_KEYS, 'v' | 'run_id'>, string | null> = {
    kind: view.kind === 'genes' ? null : view.kind,
    features: view.features.length ? view.features.join(',') : null,
    colour: view.mode === 'celltype' ? 'celltype' : null,
    palette: view.palette === 'jet' ? null : view.palette,
    averaging: individual ? 'ind' : null,
    samples: cleanSampleIds(view.samples, view.run_id).join(',') || null,
    background: view.background === 'black' ? null : view.background,
    umap_at: writePlace(view.umap_at),
    spatial_at: writePlace(view.spatial_at),
    range: view.range ? view.range.map(short).join(',') : null,
    custom_colors: sameCustom ? null : view.custom_colors.join(','),
    individual: individual && view.individual > 0 ? String(view.individual) : null,
    display_scale: view.display_scale === VIEW_DEFAULTS.displayScale ? null : short(view.display_scale),
    tissue: !view.tissue_shown
      ? 'off'
      : view.tissue_opacity === VIEW_DEFAULTS.tissueOpacity
        ? null
        : short(view.tissue_opacity),
    highlighted: view.highlighted.length ? view.highlighted.join(',') : null,
    cluster_colors: Object.keys(view.cluster_colors).length ? JSON.stringify(view.cluster_colors) : null,
  };
  for (const key of LEGACY_QUERY_KEYS) out.delete(key);
  set(VIEW_QUERY_KEYS.run_id, view.run_id);
  for (const [field, value] of Object.entries(fields)) set(VIEW_QUERY_KEYS[field as keyof typeof fields], value);
  set(VIEW_QUERY_KEYS.v, Object.values(fields).some((v) => v !== null) ? String(VIEW_STATE_VERSION) : null);
  return out;
}
