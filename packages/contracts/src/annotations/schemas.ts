import { z } from 'zod';
import { ZRunId } from '../catalogue/schemas.js';
import { ZTixelSelection } from '../genes/tixel-selection.js';

/**
 * Most tixel indices one request may list, whatever the run (a 1000×1000 chip has one million): the bound the
 * schema checks before the run is known. The real bound is the run's own tixel count (issue 33 item 1). A larger set
 * is posted as a bitset or ranges, bounded by the largest importable run (ZTixelBitset, ZTixelRanges).
 */
export const ANNOTATION_MAX_TIXELS = 2_000_000;
export const ANNOTATION_NAME_MAX = 80;
export const ANNOTATION_NOTE_MAX = 2000;
/** Most annotations one run may hold: a list a panel can show and a legend can colour. */
export const ANNOTATIONS_PER_RUN_MAX = 200;
/** Most annotations one account may have made, over every run. */
export const ANNOTATIONS_PER_USER_MAX = 1000;

const ZName = z
  .string()
  .trim()
  .min(1, 'Give the annotation a name')
  .max(ANNOTATION_NAME_MAX, `At most ${ANNOTATION_NAME_MAX} characters`);
const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb');
const ZNote = z.string().max(ANNOTATION_NOTE_MAX, `At most ${ANNOTATION_NOTE_MAX} characters`);
const EMPTY_TIXELS = 'An annotation holds at least one tixel';
const ZTixelList = z
  .array(z.number())
  .min(1, EMPTY_TIXELS)
  .max(ANNOTATION_MAX_TIXELS, `At most ${ANNOTATION_MAX_TIXELS} tixels`)
  .superRefine((tixels, ctx) => {
    // One loop, not an int() and a nonnegative() schema run per element: a million indices are checked in a few
    // milliseconds instead of 0.4 to 1 s (issue 33 item 1). Each must still be one of the run's tixels (server).
    for (let i = 0; i < tixels.length; i++) {
      const index = tixels[i]!;
      const problem = !Number.isInteger(index)
        ? 'Tixel indices are whole numbers'
        : index < 0
          ? 'Tixel indices are 0 or more'
          : null;
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem, path: [i] });
        return;
      }
    }
  });

/**
 * A set of tixels as posted: the list of indices, or the same set as a bitset (`{ bitset }`) or as its ranges
 * (`{ ranges }`, compactSelection) — the forms that fit a large set of a large run: a 3,000,000-cell annotation of a
 * 5M-cell run is ~24 MB as a list, past the 10 MiB body limit, and 0.83 MB as a bitset. Read as the list either way
 * (ZTixelSelection, the list form with its own bound and messages).
 */
export const ZTixels = ZTixelSelection(EMPTY_TIXELS, ZTixelList).describe(
  'Tixel indices (data.csv row numbers), or { bitset }: base64, bit i (byte i >> 3, bit i & 7) for tixel i, or ' +
    '{ ranges }: [start, length, …] of consecutive indices, ascending',
);

/**
 * A named tixel set of one run, shared with the run's group, as lists give it: without its tixels, which are
 * fetched one annotation at a time (ZAnnotation), so a run's list stays small whatever the sets hold.
 */
export const ZAnnotationSummary = z.object({
  id: z.string().uuid(),
  run_id: z.string(),
  name: z.string(),
  color: z.string(),
  note: z.string(),
  /** How many tixels it holds. */
  tixel_count: z.number().int().nonnegative(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
  /** The caller may change or delete it (admin or member of the run's group). */
  editable: z.boolean(),
});
export type TAnnotationSummary = z.infer<typeof ZAnnotationSummary>;

/** One annotation with its tixels. */
export const ZAnnotation = ZAnnotationSummary.extend({
  /** Tixel indices (data.csv row numbers), ascending, unique. */
  tixels: z.array(z.number().int()),
});
export type TAnnotation = z.infer<typeof ZAnnotation>;

/**
 * How one annotation's tixels are read: the spec's list (the default), or `compact`, whichever of the list, the
 * bitset and the ranges (`compactSelection`) is shortest. A 3,000,000-cell annotation of a five-million-cell run is ~24 MB as a list
 * and 0.83 MB as a bitset; the explorer reads the compact form.
 */
const ZAnnotationForm = z.enum(['list', 'compact'], { message: 'form is list or compact' }).default('list');
export const ZAnnotationQuery = z.object({ form: ZAnnotationForm });
/** One annotation as read, its tixels in the form asked for. */
export const ZAnnotationRead = ZAnnotationSummary.extend({
  tixels: z.union([
    z.array(z.number().int()),
    z.object({ bitset: z.string() }),
    z.object({ ranges: z.array(z.number().int()) }),
  ]),
});
export type TAnnotationRead = z.infer<typeof ZAnnotationRead>;

export const ZAnnotationListQuery = z.object({ run_id: ZRunId });
/** A public link's viewer names the run by the link itself (re-checked on every read). */
export const ZPublicAnnotationListQuery = z.object({ encoded: z.string().min(1, 'Give the public link') });
export const ZAnnotationCreate = z.object({
  run_id: ZRunId,
  name: ZName,
  color: ZColor,
  note: ZNote.default(''),
  tixels: ZTixels,
});
export type TAnnotationCreate = z.infer<typeof ZAnnotationCreate>;
export const ZAnnotationUpdate = z
  .object({ name: ZName.optional(), color: ZColor.optional(), note: ZNote.optional(), tixels: ZTixels.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Give at least one of name, color, note, tixels');
export type TAnnotationUpdate = z.infer<typeof ZAnnotationUpdate>;
export const ZAnnotationParams = z.object({ id: z.string().uuid('Not an annotation id') });
/** One annotation of the run a public link names. */
export const ZPublicAnnotationQuery = ZPublicAnnotationListQuery.extend({ form: ZAnnotationForm });

/** Most clusters one run's colour table may name (the categorical colour table has 256 entries). */
export const CLUSTER_COLOURS_MAX = 256;
/** Color Configuration's colours of a run's clusters (or cell types), name → '#rrggbb'. */
const ZClusterColourMap = z
  .record(z.string().min(1, 'A cluster has a name').max(200, 'Cluster names have at most 200 characters'), ZColor)
  .refine((colors) => Object.keys(colors).length <= CLUSTER_COLOURS_MAX, `At most ${CLUSTER_COLOURS_MAX} clusters`);

/** A run's cluster colours, kept for its group: everyone who may see the run reads them, its group changes them. */
export const ZClusterColours = z.object({
  run_id: z.string(),
  colors: z.record(z.string(), z.string()),
  /** The caller may change them (admin or member of the run's group). */
  editable: z.boolean(),
});
export type TClusterColours = z.infer<typeof ZClusterColours>;
export const ZClusterColoursQuery = z.object({ run_id: ZRunId });
/** The whole table: clusters left out go back to the palette's colour. */
export const ZClusterColoursPut = z.object({ run_id: ZRunId, colors: ZClusterColourMap });
export type TClusterColoursPut = z.infer<typeof ZClusterColoursPut>;
