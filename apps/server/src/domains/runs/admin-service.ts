import {
  CATALOGUE_MSG,
  CUT_AND_TAG,
  RUN_ADMIN_MSG as M,
  type TLookupList,
  type TRunEditParsed,
  type TSaveFilesParsed,
  type TSaveStudyParsed,
} from '@atlas/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { LookupList } from '../../infra/db/tables.js';
import { InvalidKeyError, type ObjectStore } from '../../infra/storage/index.js';
import { FileOfOtherRunError } from './run-edits.js';
import type { Runs } from './index.js';

const ADMIN = { kind: 'admin' } as const;

/** The field options' list names (`antibody_list`) → the lookup table's lists (`epitope`). */
const TABLE_LIST: Record<TLookupList, LookupList> = {
  assay: 'assay',
  species: 'species',
  organ: 'organ',
  antibody: 'epitope',
  tissue_source: 'tissue_source',
  tissue_type: 'tissue_type',
};

/** The editor fields checked against a lookup list, with the list's name in messages. */
const LOOKUP_FIELDS = [
  ['assay', 'assay_list', 'assay'],
  ['species', 'species_list', 'species'],
  ['organ', 'organ_list', 'organ'],
  ['tissue_type', 'tissue_type_list', 'tissue type'],
  ['tissue_source', 'tissue_source_list', 'tissue source'],
  ['epitope', 'antibody_list', 'antibody'],
] as const;

/** Where Add Files looks for the files it registers: the storage and the buckets this server serves. */
export interface FileStorage {
  storage: Pick<ObjectStore, 'exists'>;
  buckets: readonly string[];
}

/** A run given to a group: its members are told (issue 35, share notices). */
export interface SharedWithGroup {
  kind: 'group';
  runId: string;
  group: string;
}

/** Rules of the Admin Panel's run tools (spec 03 §2.10, §4, §5); writes go through ./records.ts. */
export function createRunAdmin(
  runs: Runs,
  files: FileStorage,
  notices?: { notify(event: SharedWithGroup, actor: string | null): Promise<void> },
) {
  const { store, records } = runs;

  /** Refuses the first row whose object storage does not hold, naming its bucket and key. */
  async function requireStored(rows: readonly { bucket_name: string; file_path: string }[]) {
    for (const { bucket_name: bucket, file_path: key } of rows) {
      if (!files.buckets.includes(bucket)) throw badRequest(M.fileBucketUnknown(bucket));
      const stored = await files.storage.exists(bucket, key).catch((error: unknown) => {
        if (error instanceof InvalidKeyError) return false;
        throw error;
      });
      if (!stored) throw badRequest(M.fileMissing(bucket, key));
    }
  }

  return {
    async details(runId: string) {
      const run = await store.runDetails(ADMIN, runId);
      if (!run) throw notFound(CATALOGUE_MSG.runNotFound(runId));
      return run;
    },

    async saveRun(edit: TRunEditParsed, actor: string | null) {
      const run = { ...edit, epitope: edit.assay === CUT_AND_TAG ? edit.epitope : null };
      const [options, stored] = await Promise.all([store.fieldOptions(ADMIN), store.runDetails(ADMIN, edit.run_id)]);
      for (const [field, list, name] of LOOKUP_FIELDS) {
        const value = run[field];
        // A value the run already has stays acceptable after it left its list.
        if (value && !options[list].includes(value) && stored?.[field] !== value)
          throw badRequest(M.unknownValue(name, value));
      }
      if (run.group && !options.group_list.includes(run.group)) throw badRequest(M.unknownGroup(run.group));
      const saved = { run_id: run.run_id, ...(await records.saveRun(run, actor)) };
      if (run.group && run.group !== stored?.group)
        await notices?.notify({ kind: 'group', runId: run.run_id, group: run.group }, actor);
      return saved;
    },

    async saveFiles(change: TSaveFilesParsed, actor: string | null) {
      const types = new Set(await store.fileTypes());
      const rows = [...change.added, ...change.changed];
      const unknown = rows.find((f) => !types.has(f.file_type_name));
      if (unknown) throw badRequest(M.unknownFileType(unknown.file_type_name));
      const seen = new Set<string>();
      for (const f of rows) {
        const key = `${f.bucket_name}/${f.file_path}`;
        if (seen.has(key)) throw badRequest(M.fileDuplicate(key));
        seen.add(key);
      }
      // A new row, or a row moved to another place, must name a stored object; a row whose place is unchanged
      // keeps it (its description or type may change even if an older registration points nowhere).
      const current = new Map((await store.runDetails(ADMIN, change.run_id))?.files.map((f) => [f.file_id, f]) ?? []);
      const moved = change.changed.filter((f) => {
        const before = current.get(f.file_id);
        return !before || before.bucket_name !== f.bucket_name || before.file_path !== f.file_path;
      });
      await requireStored([...change.added, ...moved]);
      try {
        if (!(await records.saveFiles(change, actor))) throw notFound(M.runNotInCatalogue(change.run_id));
      } catch (error) {
        if (error instanceof FileOfOtherRunError) throw badRequest(M.fileNotOfRun(error.fileId, error.runId));
        if (isUniqueViolation(error)) throw conflict(M.fileDuplicate('a file already registered'));
        throw error;
      }
      return (await store.runDetails(ADMIN, change.run_id))!.files;
    },

    async saveStudy(study: TSaveStudyParsed, actor: string | null) {
      const { studies, study_types } = await store.studies();
      const existing = studies.find((s) => s.study_name === study.study_name);
      if (study.create && existing) throw conflict(M.studyExists(study.study_name));
      if (!study.create && !existing) throw notFound(M.studyNotFound(study.study_name));
      if (study.study_type_name && !study_types.includes(study.study_type_name))
        throw badRequest(M.unknownStudyType(study.study_type_name));
      const named = [...study.runs_to_add, ...study.runs_to_remove];
      const known = await store.runStates(named);
      const missing = named.find((runId) => !known.has(runId));
      if (missing) throw badRequest(M.runNotInCatalogue(missing));
      await records.saveStudy(study, actor);
      return store.studies();
    },

    async addLookup(list: TLookupList, value: string, actor: string | null) {
      if (!(await records.addLookupValue(TABLE_LIST[list], value, actor))) throw conflict(M.valueExists(value));
      return store.fieldOptions(ADMIN);
    },

    async removeLookup(list: TLookupList, value: string, actor: string | null) {
      const used = await store.lookupUsage(TABLE_LIST[list], value);
      if (used > 0) throw conflict(M.valueInUse(value, used));
      if (!(await records.removeLookupValue(TABLE_LIST[list], value, actor))) throw notFound(M.valueMissing(value));
      return store.fieldOptions(ADMIN);
    },
  };
}

/** PostgreSQL's unique_violation: two files of one run at the same place. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
