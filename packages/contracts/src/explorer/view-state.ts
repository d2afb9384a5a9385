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
 */
export const VIEW_STATE_VERSION = 2 as const;

export const VIEW_KINDS = FEATURE_KINDS;
export const VIEW_MODES = ['cluster', 'celltype', 'expression'] as const;
/** The heatmap palettes of @atlas/viz (HEATMAP_PALETTES; the web app checks they agree). */
export const VIEW_PALETTES = ['jet', 'hot', 'inferno', 'picnic', 'bone', 'custom'] as const;
export const VIEW_AVERAGING = ['avg', 'ind'] as const;

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

/** v1 → v2: only `mode=celltype` survives as `colour`; cluster is the default and expression follows from features. */
function upgradeFromV1({ mode, ...rest }: ViewQueryV1): ViewQueryV2 {
  return { ...rest, colour: mode === 'celltype' ? 'celltype' : null };
}

/** The query of any known version, read with that version's schema and upgraded to the newest; null if unreadable. */
function readQuery(params: URLSearchParams): ViewQueryV2 | null {
  const pick = (schema: z.ZodObject) =>
    Object.fromEntries(Object.keys(schema.shape).map((key) => [key, params.get(key)]));
  const v = params.get(VIEW_QUERY_KEYS.v);
  // No `v`: a link from before versions existed. An unknown `v` (garbled, or from a newer release) is read with the
  // newest schema, the likeliest to match; its unreadable fields fall back one by one.
  if (v === null || v === '1') {
    const q = ZViewQueryV1.safeParse(pick(ZViewQueryV1));
    return q.success ? upgradeFromV1(q.data) : null;
  }
  const q = ZViewQueryV2.safeParse(pick(ZViewQueryV2));
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
  const fields: Record<Exclude<keyof typeof VIEW_QUERY_KEYS, 'v' | 'run_id'>, string | null> = {
    kind: view.kind === 'genes' ? null : view.kind,
    features: view.features.length ? view.features.join(',') : null,
    colour: view.mode === 'celltype' ? 'celltype' : null,
    palette: view.palette === 'jet' ? null : view.palette,
    averaging: view.averaging === 'ind' && view.features.length > 1 ? 'ind' : null,
    samples: cleanSampleIds(view.samples, view.run_id).join(',') || null,
  };
  for (const key of LEGACY_QUERY_KEYS) out.delete(key);
  set(VIEW_QUERY_KEYS.run_id, view.run_id);
  for (const [field, value] of Object.entries(fields)) set(VIEW_QUERY_KEYS[field as keyof typeof fields], value);
  set(VIEW_QUERY_KEYS.v, Object.values(fields).some((v) => v !== null) ? String(VIEW_STATE_VERSION) : null);
  return out;
}
