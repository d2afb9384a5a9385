import { z } from 'zod';
import { FEATURE_KINDS } from '../genes/schemas.js';

/**
 * The explorer's permalink (CONVENTIONS §12): the address query records the run (spec 03) plus our view fields.
 * Parsed through a versioned zod schema; every field falls back to its default on a missing, unknown or bad value,
 * so an address never throws. Query parameter names are those of the first links (`run_id`, `kind`, `features`,
 * `mode`, `palette`, `avg`); a link without `v` is version 1. `samples` (the additional runs of a multi-sample
 * view) came later as an optional parameter: links without it read as before, so it stays version 1.
 */
export const VIEW_STATE_VERSION = 1 as const;

export const VIEW_KINDS = FEATURE_KINDS;
export const VIEW_MODES = ['cluster', 'celltype', 'expression'] as const;
/** The heatmap palettes of @atlas/viz (HEATMAP_PALETTES; the web app checks they agree). */
export const VIEW_PALETTES = ['jet', 'hot', 'inferno', 'picnic', 'bone', 'custom'] as const;
export const VIEW_AVERAGING = ['avg', 'ind'] as const;

/** The query parameters of a permalink, by field. */
export const VIEW_QUERY_KEYS = {
  v: 'v',
  run_id: 'run_id',
  kind: 'kind',
  features: 'features',
  mode: 'mode',
  palette: 'palette',
  averaging: 'avg',
  samples: 'samples',
} as const;

const RUN_ID = /^D\d{5,}$/;

/**
 * The additional sample runs as the explorer keeps them: valid run ids only, each once, in the given order,
 * never the main run; none without a main run (a sample is always shown beside one).
 */
export function cleanSampleIds(ids: readonly string[], mainRunId: string | null): string[] {
  if (!mainRunId) return [];
  return ids.filter((id, i) => RUN_ID.test(id) && id !== mainRunId && ids.indexOf(id) === i);
}

const ZFeatureList = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)
      .filter((f, i, all) => all.indexOf(f) === i),
  );

/** Version 1 as read from the query: one optional string per parameter. */
const ZViewQueryV1 = z
  .object({
    v: z.literal('1').nullish().catch(null),
    run_id: z.string().regex(RUN_ID).nullish().catch(null),
    kind: z.enum(VIEW_KINDS).nullish().catch(null),
    features: ZFeatureList.nullish().catch(null),
    mode: z.enum(VIEW_MODES).nullish().catch(null),
    palette: z.enum(VIEW_PALETTES).nullish().catch(null),
    averaging: z.enum(VIEW_AVERAGING).nullish().catch(null),
    samples: z.string().nullish().catch(null),
  })
  .transform((q) => {
    const features = q.features ?? [];
    // `mode` is `expression` whenever features are given (the spec's viewer modes) and never without them.
    let mode = q.mode ?? 'cluster';
    if (features.length) mode = 'expression';
    else if (mode === 'expression') mode = 'cluster';
    return {
      v: VIEW_STATE_VERSION,
      run_id: q.run_id ?? null,
      kind: q.kind ?? 'genes',
      features,
      mode,
      palette: q.palette ?? 'jet',
      averaging: q.averaging ?? 'avg',
      samples: cleanSampleIds((q.samples ?? '').split(',').map((id) => id.trim()), q.run_id ?? null),
    };
  });

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

/** Reads the view state from an address query; never throws (unknown or bad values are the defaults). */
export function parseViewQuery(params: URLSearchParams): TViewState {
  const raw = Object.fromEntries(Object.entries(VIEW_QUERY_KEYS).map(([field, key]) => [field, params.get(key)]));
  const parsed = ZViewQueryV1.safeParse(raw);
  return parsed.success ? parsed.data : { ...DEFAULT_VIEW_STATE };
}

/**
 * Writes the view state into a copy of `params` (other keys such as `component` are kept). Defaults are left
 * out, and `v` is written only with a view field, so a plain address stays `?component=AtlasXplore&run_id=…`.
 */
export function writeViewQuery(params: URLSearchParams, view: Omit<TViewState, 'v'>): URLSearchParams {
  const out = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? out.delete(key) : out.set(key, value));
  const fields: Record<Exclude<keyof typeof VIEW_QUERY_KEYS, 'v' | 'run_id'>, string | null> = {
    kind: view.kind === 'genes' ? null : view.kind,
    features: view.features.length ? view.features.join(',') : null,
    mode: view.mode === 'celltype' ? 'celltype' : null,
    palette: view.palette === 'jet' ? null : view.palette,
    averaging: view.averaging === 'ind' && view.features.length > 1 ? 'ind' : null,
    samples: cleanSampleIds(view.samples, view.run_id).join(',') || null,
  };
  set(VIEW_QUERY_KEYS.run_id, view.run_id);
  for (const [field, value] of Object.entries(fields)) set(VIEW_QUERY_KEYS[field as keyof typeof fields], value);
  set(VIEW_QUERY_KEYS.v, Object.values(fields).some((v) => v !== null) ? String(VIEW_STATE_VERSION) : null);
  return out;
}
