import {
  ANNOTATION_MSG,
  ANNOTATIONS_PER_RUN_MAX,
  ANNOTATIONS_PER_USER_MAX,
  type Identity,
  type TClusterColours,
  type TClusterColoursPut,
  type TAnnotation,
  type TAnnotationCreate,
  type TAnnotationSummary,
  type TAnnotationUpdate,
} from '@atlas/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Db } from '../../infra/db/index.js';
import { recordAudit } from '../audit/index.js';
import { callerOf, mayUseRun, type Runs } from '../runs/index.js';
import {
  createAnnotationStore,
  createClusterColourStore,
  type AnnotationFields,
  type AnnotationRow,
  type TixelSet,
} from './store.js';
import { TixelIndexError, tixelBitset } from './tixel-set.js';

/** Audit target of one annotation. */
const target = (row: { id: string }) => `annotation:${row.id}`;
/** What the audit log keeps of an annotation: everything but the tixels, which are summarised by their number. */
const audited = (row: AnnotationRow) => ({
  run_id: row.run_id,
  name: row.name,
  color: row.color,
  note: row.note,
  tixels: row.tixel_count,
});

export interface AnnotationDeps {
  db: Db;
  runs: Runs;
  /** The run's tixel count (data.csv rows), which every index must be under; 409 when the run has no table yet. */
  tixelCount(identity: Identity, runId: string): Promise<number>;
}

/**
 * Shared annotations. Who may see and change them is the runs domain's rule: an annotation is read by whoever may
 * read its run, and written by whoever may write the run (admins and members of its group). A run — or an
 * annotation of a run — the caller may not see is answered exactly like a missing one (404).
 */
export function createAnnotations(deps: AnnotationDeps) {
  const store = createAnnotationStore(deps.db);
  const colours = createClusterColourStore(deps.db);

  /** The run's rule for this caller; throws 404 when they may not see it (or it has no catalogue entry). */
  async function rightsOn(identity: Identity, runId: string): Promise<{ write: boolean }> {
    const caller = callerOf(identity);
    const state = (await deps.runs.store.runStates([runId])).get(runId);
    if (!state || !mayUseRun(caller, 'read', runId, state)) throw notFound(ANNOTATION_MSG.runNotFound(runId));
    return { write: mayUseRun(caller, 'write', runId, state) };
  }

  /** An annotation the caller may see, with their rights on its run; 404 otherwise, as if it did not exist. */
  async function visible(identity: Identity, id: string): Promise<{ row: AnnotationRow; write: boolean }> {
    const row = await store.find(id);
    if (!row) throw notFound(ANNOTATION_MSG.notFound);
    try {
      return { row, write: (await rightsOn(identity, row.run_id)).write };
    } catch {
      throw notFound(ANNOTATION_MSG.notFound);
    }
  }

  /** An annotation the caller may change: 404 when they may not see it, 403 when they may only look. */
  async function editable(identity: Identity, id: string): Promise<AnnotationRow> {
    const { row, write } = await visible(identity, id);
    if (!write) throw forbidden(ANNOTATION_MSG.notEditable(row.run_id));
    return row;
  }

  /**
   * The request's indices as a stored set, checked against the run (issue 33 item 1): no more of them than the run
   * has tixels, each one of its tixels. The count is checked first: a million indices for a 49-spot run are
   * refused without looking at them.
   */
  async function checkedTixels(identity: Identity, runId: string, indices: readonly number[]): Promise<TixelSet> {
    const count = await deps.tixelCount(identity, runId);
    if (indices.length > count) throw badRequest(ANNOTATION_MSG.tooManyTixels(indices.length, runId, count));
    try {
      return tixelBitset(indices, count);
    } catch (error) {
      if (error instanceof TixelIndexError) throw badRequest(ANNOTATION_MSG.tixelOutOfRange(error.index, runId, count));
      throw error;
    }
  }

  const view = (row: AnnotationRow, editableByCaller: boolean): TAnnotationSummary => ({
    id: row.id,
    run_id: row.run_id,
    name: row.name,
    color: row.color,
    note: row.note,
    tixel_count: row.tixel_count,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    updated_by: row.updated_by,
    updated_at: new Date(row.updated_at).toISOString(),
    editable: editableByCaller,
  });

  /** One annotation with its tixels, read from its bitset (or the list of a row written before the bitsets). */
  const withTixels = async (row: AnnotationRow, editableByCaller: boolean): Promise<TAnnotation> => ({
    ...view(row, editableByCaller),
    tixels: await store.tixels(row.id),
  });

  const actorOf = (identity: Identity) => (identity.kind === 'user' ? identity.username : 'unknown');

  return {
    async list(identity: Identity, runId: string): Promise<TAnnotationSummary[]> {
      const { write } = await rightsOn(identity, runId);
      return (await store.listForRun(runId)).map((row) => view(row, write));
    },

    /**
     * A public link's viewer: the annotations of the link's run, never editable. The link is opened by the runs
     * domain (400 tampered, 410 expired, 404 when its run is gone or no longer public), like every run-data read.
     */
    async listByLink(identity: Identity, encoded: string): Promise<TAnnotationSummary[]> {
      const link = await deps.runs.access.openLink(encoded, identity);
      return (await store.listForRun(link.meta.run_id)).map((row) => view(row, false));
    },

    /** One annotation with its tixels, for whoever may read its run (404 otherwise, as if it did not exist). */
    async get(identity: Identity, id: string): Promise<TAnnotation> {
      const { row, write } = await visible(identity, id);
      return withTixels(row, write);
    },

    /** One annotation of a public link's run, with its tixels; one of another run is a 404. */
    async getByLink(identity: Identity, encoded: string, id: string): Promise<TAnnotation> {
      const link = await deps.runs.access.openLink(encoded, identity);
      const row = await store.find(id);
      if (!row || row.run_id !== link.meta.run_id) throw notFound(ANNOTATION_MSG.notFound);
      return withTixels(row, false);
    },

    async create(identity: Identity, input: TAnnotationCreate): Promise<TAnnotationSummary> {
      const { write } = await rightsOn(identity, input.run_id);
      if (!write) throw forbidden(ANNOTATION_MSG.notEditable(input.run_id));
      const tixels = await checkedTixels(identity, input.run_id, input.tixels);
      if (await store.nameTaken(input.run_id, input.name))
        throw conflict(ANNOTATION_MSG.nameTaken(input.name, input.run_id));
      const fields = { name: input.name, color: input.color, note: input.note, tixels };
      const actor = actorOf(identity);
      const row = await deps.db.transaction().execute(async (trx) => {
        const held = await store.countsForCreate(trx, input.run_id, actor);
        if (held.run >= ANNOTATIONS_PER_RUN_MAX)
          throw conflict(ANNOTATION_MSG.runFull(input.run_id, ANNOTATIONS_PER_RUN_MAX));
        if (held.user >= ANNOTATIONS_PER_USER_MAX) throw conflict(ANNOTATION_MSG.userFull(ANNOTATIONS_PER_USER_MAX));
        const made = await store.insert(trx, input.run_id, fields, actor);
        await recordAudit(trx, { actor, action: 'annotation.create', target: target(made), after: audited(made) });
        return made;
      });
      return view(row, true);
    },

    async update(identity: Identity, id: string, input: TAnnotationUpdate): Promise<TAnnotationSummary> {
      const before = await editable(identity, id);
      const fields: AnnotationFields = {
        name: input.name ?? before.name,
        color: input.color ?? before.color,
        note: input.note ?? before.note,
        tixels: input.tixels && (await checkedTixels(identity, before.run_id, input.tixels)),
      };
      if (fields.name !== before.name && (await store.nameTaken(before.run_id, fields.name, id)))
        throw conflict(ANNOTATION_MSG.nameTaken(fields.name, before.run_id));
      const actor = actorOf(identity);
      const row = await deps.db.transaction().execute(async (trx) => {
        const after = await store.update(trx, id, fields, actor);
        await recordAudit(trx, {
          actor,
          action: 'annotation.update',
          target: target(after),
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
      return view(row, true);
    },

    /** A run's cluster colours (Color Configuration), for whoever may read the run. */
    async clusterColours(identity: Identity, runId: string): Promise<TClusterColours> {
      const { write } = await rightsOn(identity, runId);
      return { run_id: runId, colors: await colours.get(runId), editable: write };
    },

    /** Replaces a run's cluster colours: admins and members of the run's group (403 for other readers). */
    async putClusterColours(identity: Identity, input: TClusterColoursPut): Promise<TClusterColours> {
      const { write } = await rightsOn(identity, input.run_id);
      if (!write) throw forbidden(ANNOTATION_MSG.coloursNotEditable(input.run_id));
      const actor = actorOf(identity);
      const before = await colours.get(input.run_id);
      await deps.db.transaction().execute(async (trx) => {
        await colours.put(trx, input.run_id, input.colors, actor);
        await recordAudit(trx, {
          actor,
          action: 'cluster_colours.update',
          target: `run:${input.run_id}`,
          before,
          after: input.colors,
        });
      });
      return { run_id: input.run_id, colors: input.colors, editable: true };
    },

    async remove(identity: Identity, id: string): Promise<{ id: string }> {
      const before = await editable(identity, id);
      const actor = actorOf(identity);
      await deps.db.transaction().execute(async (trx) => {
        await store.remove(trx, id);
        await recordAudit(trx, { actor, action: 'annotation.delete', target: target(before), before: audited(before) });
      });
      return { id };
    },
  };
}

export type Annotations = ReturnType<typeof createAnnotations>;
