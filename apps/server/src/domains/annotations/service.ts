import {
  ANNOTATION_MSG,
  type Identity,
  type TClusterColours,
  type TClusterColoursPut,
  type TAnnotation,
  type TAnnotationCreate,
  type TAnnotationUpdate,
} from '@atlas/contracts';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { Db } from '../../infra/db/index.js';
import { recordAudit } from '../audit/index.js';
import { callerOf, mayUseRun, type Runs } from '../runs/index.js';
import { createAnnotationStore, createClusterColourStore, type AnnotationFields, type AnnotationRow } from './store.js';

/** Audit target of one annotation. */
const target = (row: { id: string }) => `annotation:${row.id}`;
/** What the audit log keeps of an annotation: everything but the tixel list, which is summarised by its size. */
const audited = (row: AnnotationRow) => ({
  run_id: row.run_id,
  name: row.name,
  color: row.color,
  note: row.note,
  tixels: row.tixels.length,
});

const sortedUnique = (tixels: readonly number[]) => [...new Set(tixels)].sort((a, b) => a - b);

/**
 * Shared annotations. Who may see and change them is the runs domain's rule: an annotation is read by whoever may
 * read its run, and written by whoever may write the run (admins and members of its group). A run — or an
 * annotation of a run — the caller may not see is answered exactly like a missing one (404).
 */
export function createAnnotations(deps: { db: Db; runs: Runs }) {
  const store = createAnnotationStore(deps.db);
  const colours = createClusterColourStore(deps.db);

  /** The run's rule for this caller; throws 404 when they may not see it (or it has no catalogue entry). */
  async function rightsOn(identity: Identity, runId: string): Promise<{ write: boolean }> {
    const caller = callerOf(identity);
    const state = (await deps.runs.store.runStates([runId])).get(runId);
    if (!state || !mayUseRun(caller, 'read', runId, state)) throw notFound(ANNOTATION_MSG.runNotFound(runId));
    return { write: mayUseRun(caller, 'write', runId, state) };
  }

  /** An annotation the caller may change: 404 when they may not see it, 403 when they may only look. */
  async function editable(identity: Identity, id: string): Promise<AnnotationRow> {
    const row = await store.find(id);
    if (!row) throw notFound(ANNOTATION_MSG.notFound);
    let rights: { write: boolean };
    try {
      rights = await rightsOn(identity, row.run_id);
    } catch {
      throw notFound(ANNOTATION_MSG.notFound);
    }
    if (!rights.write) throw forbidden(ANNOTATION_MSG.notEditable(row.run_id));
    return row;
  }

  const view = (row: AnnotationRow, editableByCaller: boolean): TAnnotation => ({
    id: row.id,
    run_id: row.run_id,
    name: row.name,
    color: row.color,
    note: row.note,
    tixels: row.tixels,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    updated_by: row.updated_by,
    updated_at: new Date(row.updated_at).toISOString(),
    editable: editableByCaller,
  });

  const actorOf = (identity: Identity) => (identity.kind === 'user' ? identity.username : 'unknown');

  return {
    async list(identity: Identity, runId: string): Promise<TAnnotation[]> {
      const { write } = await rightsOn(identity, runId);
      return (await store.listForRun(runId)).map((row) => view(row, write));
    },

    /**
     * A public link's viewer: the annotations of the link's run, never editable. The link is opened by the runs
     * domain (400 tampered, 410 expired, 404 when its run is gone or no longer public), like every run-data read.
     */
    async listByLink(identity: Identity, encoded: string): Promise<TAnnotation[]> {
      const link = await deps.runs.access.openLink(encoded, identity);
      return (await store.listForRun(link.meta.run_id)).map((row) => view(row, false));
    },

    async create(identity: Identity, input: TAnnotationCreate): Promise<TAnnotation> {
      const { write } = await rightsOn(identity, input.run_id);
      if (!write) throw forbidden(ANNOTATION_MSG.notEditable(input.run_id));
      if (await store.nameTaken(input.run_id, input.name))
        throw conflict(ANNOTATION_MSG.nameTaken(input.name, input.run_id));
      const fields: AnnotationFields = { ...input, tixels: sortedUnique(input.tixels) };
      const actor = actorOf(identity);
      const row = await deps.db.transaction().execute(async (trx) => {
        const made = await store.insert(trx, input.run_id, fields, actor);
        await recordAudit(trx, { actor, action: 'annotation.create', target: target(made), after: audited(made) });
        return made;
      });
      return view(row, true);
    },

    async update(identity: Identity, id: string, input: TAnnotationUpdate): Promise<TAnnotation> {
      const before = await editable(identity, id);
      const fields: AnnotationFields = {
        name: input.name ?? before.name,
        color: input.color ?? before.color,
        note: input.note ?? before.note,
        tixels: input.tixels ? sortedUnique(input.tixels) : before.tixels,
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
