import { z } from 'zod';
import { ZRunId } from '../catalogue/schemas.js';

/** Most tixels one annotation may hold (a 1000×1000 chip has one million). */
export const ANNOTATION_MAX_TIXELS = 2_000_000;
export const ANNOTATION_NAME_MAX = 80;
export const ANNOTATION_NOTE_MAX = 2000;

const ZName = z
  .string()
  .trim()
  .min(1, 'Give the annotation a name')
  .max(ANNOTATION_NAME_MAX, `At most ${ANNOTATION_NAME_MAX} characters`);
const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb');
const ZNote = z.string().max(ANNOTATION_NOTE_MAX, `At most ${ANNOTATION_NOTE_MAX} characters`);
const ZTixels = z
  .array(z.number().int('Tixel indices are whole numbers').nonnegative('Tixel indices are 0 or more'))
  .min(1, 'An annotation holds at least one tixel')
  .max(ANNOTATION_MAX_TIXELS, `At most ${ANNOTATION_MAX_TIXELS} tixels`);

/** A named tixel set of one run, shared with the run's group. */
export const ZAnnotation = z.object({
  id: z.string().uuid(),
  run_id: z.string(),
  name: z.string(),
  color: z.string(),
  note: z.string(),
  /** Tixel indices (data.csv row numbers), ascending, unique. */
  tixels: z.array(z.number().int()),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
  /** The caller may change or delete it (admin or member of the run's group). */
  editable: z.boolean(),
});
export type TAnnotation = z.infer<typeof ZAnnotation>;

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
