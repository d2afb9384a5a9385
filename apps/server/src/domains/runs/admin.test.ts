import fs from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RUN_ADMIN_MSG as M, type TRunDetails, type TStudy } from '@atlas/contracts';
import { hasSharedData, sharedData } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { buildGroup, buildRun, buildTask, buildUser, runRecord } from '../../../test/factories.js';
import { createRuns } from './index.js';

/** The Admin Panel's run tools (spec 03 §2.10): Add A Run, Add Files, Group Runs and the lookup lists. */
const t = useTestApp();
let member: string;

const RUN = runRecord('D70001', 'lab-a');

const details = (runId: string) =>
  t.api<TRunDetails>('GET', '/api/v1/run_db/get_run_details', { token: t.admin, query: { run_id: runId } });
const history = async (target: string) =>
  (
    await t.api<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]>(
      'GET',
      '/api/v1/auth/audit',
      { token: t.admin, query: { target } },
    )
  ).body;

beforeAll(async () => {
  await buildGroup(t, 'lab-a');
  member = await buildUser(t, 'runs-member', ['user', 'lab-a']);
});

describe('Add A Run (save_run, get_run_details)', () => {
  it('creates a run with metadata and publication, then updates it, each change audited with before and after', async () => {
    const created = await t.api('POST', '/api/v1/run_db/save_run', { token: t.admin, body: RUN });
    expect(created).toEqual({ status: 200, body: { run_id: 'D70001', created: true } });
    const run = (await details('D70001')).body;
    expect(run).toMatchObject({
      result_title: 'Mouse brain, ATAC',
      epitope: 'H3K27me3',
      group: 'lab-a',
      channel_width: 20,
      date: Date.UTC(2024, 2, 5),
      results_folder_path: 'data/D70001/',
      web_object_available: false,
      publication: { title: 'A paper', authors: ['Ada Lovelace', 'Alan Turing'] },
    });
    // The catalogue shows it to its group, not to a visitor while private.
    const seen = await t.api<{ run_id: string }[]>('GET', '/api/v1/run_db/get_runs', { token: member });
    expect(seen.body.map((r) => r.run_id)).toContain('D70001');

    const updated = await t.api('POST', '/api/v1/run_db/save_run', {
      token: t.admin,
      body: {
        ...RUN,
        assay: 'ATAC-seq',
        result_title: 'Renamed',
        public: true,
        publication: { ...RUN.publication, authors: ['Alan Turing'] },
      },
    });
    expect(updated.body).toEqual({ run_id: 'D70001', created: false });
    const after = (await details('D70001')).body;
    expect(after).toMatchObject({ result_title: 'Renamed', assay: 'ATAC-seq', epitope: null, public: true });
    expect(after.publication?.authors).toEqual(['Alan Turing']);

    const entries = await history('run:D70001');
    expect(entries.map((e) => e.action)).toEqual(['run.update', 'run.create']);
    expect(entries[0]!.before).toMatchObject({
      result_title: 'Mouse brain, ATAC',
      public: false,
      authors: 'Ada Lovelace; Alan Turing',
    });
    expect(entries[0]!.after).toMatchObject({ result_title: 'Renamed', public: true, authors: 'Alan Turing' });
    expect(entries[1]!.before).toBeNull();
  });

  it('refuses bad input with a clear 4xx message', async () => {
    const bad = async (body: unknown) => t.api('POST', '/api/v1/run_db/save_run', { token: t.admin, body });
    expect((await bad({ ...RUN, run_id: 'X1' })).status).toBe(400);
    expect((await bad({ ...RUN, result_title: ' ' })).body.msg).toContain(M.titleRequired);
    expect((await bad({ ...RUN, species: 'dragon' })).body).toMatchObject({ msg: M.unknownValue('species', 'dragon') });
    expect((await bad({ ...RUN, group: 'nobody' })).body).toMatchObject({ msg: M.unknownGroup('nobody') });
    expect((await bad({ ...RUN, channel_width: 33 })).status).toBe(400);
    expect((await bad({ ...RUN, web_obj_path: 'data/D70001/h5' })).body.msg).toContain(M.webObjPath);
    expect((await bad({ ...RUN, pmid: 'abc' })).body.msg).toContain(M.pmidFormat);
    expect((await details('D79999')).status).toBe(404);
  });

  it('refuses non-admins', async () => {
    const reply = await t.api('POST', '/api/v1/run_db/save_run', { token: member, body: RUN });
    expect(reply.status).toBe(403);
    expect(
      (await t.api('GET', '/api/v1/run_db/get_run_details', { token: member, query: { run_id: 'D70001' } })).status,
    ).toBe(403);
  });
});

describe('Add Files (save_run_files)', () => {
  it('adds, changes and removes downloadable files, shown in the catalogue and audited', async () => {
    await buildRun(t, { runId: 'D70002', group: 'lab-a', public: true });
    await t.infra.storage.put('atx-data', 'data/D70002/out/a.csv', 'cluster,n\n1,3\n');
    const before = (await details('D70002')).body.files;
    const add = {
      file_type_name: 'Analysis',
      bucket_name: 'atx-data',
      file_path: 'data/D70002/out/a.csv',
      file_description: 'Clusters',
    };
    const added = await t.api<TRunDetails['files']>('POST', '/api/v1/run_db/save_run_files', {
      token: t.admin,
      body: { run_id: 'D70002', added: [add] },
    });
    expect(added.status).toBe(200);
    expect(added.body).toHaveLength(before.length + 1);
    const file = added.body.find((f) => f.file_path === add.file_path)!;
    const changed = await t.api<TRunDetails['files']>('POST', '/api/v1/run_db/save_run_files', {
      token: t.admin,
      body: {
        run_id: 'D70002',
        changed: [{ ...add, file_id: file.file_id, file_description: 'Cluster table' }],
        removed: before.map((f) => f.file_id),
      },
    });
    expect(changed.body.map((f) => f.file_description)).toEqual(['Cluster table']);
    const catalogue = await t.api<Record<string, { file_path: string }[]>>(
      'GET',
      '/api/v1/run_db/get_downloadable_files',
      { token: member },
    );
    expect(catalogue.body.D70002?.map((f) => f.file_path)).toEqual([add.file_path]);
    const entries = await history('run:D70002');
    expect(entries[0]).toMatchObject({
      action: 'run.files',
      after: { files: ['Analysis: atx-data/data/D70002/out/a.csv (Cluster table)'] },
    });
  });

  it('refuses bad rows, files of another run, unknown runs and non-admins', async () => {
    const save = (body: unknown, token = t.admin) => t.api('POST', '/api/v1/run_db/save_run_files', { token, body });
    await t.infra.storage.put('atx-data', 'x.csv', 'x\n');
    const row = { file_type_name: 'Analysis', bucket_name: 'atx-data', file_path: 'x.csv', file_description: 'x' };
    expect((await save({ run_id: 'D70002', added: [{ ...row, file_path: '' }] })).body.msg).toContain(
      M.filePathRequired,
    );
    expect((await save({ run_id: 'D70002', added: [{ ...row, file_type_name: 'Nope' }] })).body).toMatchObject({
      msg: M.unknownFileType('Nope'),
    });
    expect((await save({ run_id: 'D70002', added: [row, row] })).status).toBe(400);
    expect((await save({ run_id: 'D70002', removed: [999999] })).body).toMatchObject({
      msg: M.fileNotOfRun(999999, 'D70002'),
    });
    expect((await save({ run_id: 'D79998', added: [row] })).status).toBe(404);
    expect((await save({ run_id: 'D70002', added: [row] }, member)).status).toBe(403);
  });

  it('refuses a path storage does not hold, naming the missing key, and registers nothing', async () => {
    await buildRun(t, { runId: 'D70003', group: 'lab-a', public: true });
    const save = (body: unknown) =>
      t.api<{ msg: string }>('POST', '/api/v1/run_db/save_run_files', { token: t.admin, body });
    const before = (await details('D70003')).body.files;
    const stored = { file_type_name: 'Analysis', bucket_name: 'atx-data', file_description: 'Clusters' };
    await t.infra.storage.put('atx-data', 'data/D70003/out/clusters.csv', 'cluster,n\n1,3\n');
    const ghost = { ...stored, file_path: 'data/D70003/out/D70003_peaks.bed' };
    const refused = await save({
      run_id: 'D70003',
      added: [{ ...stored, file_path: 'data/D70003/out/clusters.csv' }, ghost],
    });
    expect(refused).toEqual({
      status: 400,
      body: { msg: M.fileMissing('atx-data', 'data/D70003/out/D70003_peaks.bed'), status_code: 400 },
    });
    // A folder is no file, nor is a key storage refuses, nor a bucket this server does not serve.
    expect((await save({ run_id: 'D70003', added: [{ ...stored, file_path: 'data/D70003/out' }] })).body.msg).toBe(
      M.fileMissing('atx-data', 'data/D70003/out'),
    );
    expect((await save({ run_id: 'D70003', added: [{ ...stored, file_path: '../secret.csv' }] })).body.msg).toBe(
      M.fileMissing('atx-data', '../secret.csv'),
    );
    expect(
      (await save({ run_id: 'D70003', added: [{ ...stored, bucket_name: 'atx-other', file_path: 'a.csv' }] })).body,
    ).toMatchObject({ msg: M.fileBucketUnknown('atx-other') });
    expect((await details('D70003')).body.files).toEqual(before);
    // Moving a registered file to a missing place is refused too; changing only its description is not checked.
    const [file] = before;
    expect(file).toBeDefined();
    const moved = await save({
      run_id: 'D70003',
      changed: [{ ...stored, file_id: file!.file_id, file_path: ghost.file_path }],
    });
    expect(moved.body.msg).toBe(M.fileMissing('atx-data', ghost.file_path));
    const { file_type_name, bucket_name, file_path } = file!;
    const renamed = { file_id: file!.file_id, file_type_name, bucket_name, file_path, file_description: 'Renamed' };
    expect((await save({ run_id: 'D70003', changed: [renamed] })).status).toBe(200);
  });
});

describe('Group Runs (get_studies, save_study)', () => {
  it('creates a study, changes its runs, and records it on the study and on each run', async () => {
    const save = (body: unknown) =>
      t.api<{ studies: TStudy[] }>('POST', '/api/v1/run_db/save_study', { token: t.admin, body });
    const created = await save({
      study_name: 'Brain atlas',
      create: true,
      study_description: 'All brains',
      study_type_name: 'Atlas',
      runs_to_add: ['D70001', 'D70002'],
    });
    expect(created.status).toBe(200);
    expect(created.body.studies.find((s) => s.study_name === 'Brain atlas')).toMatchObject({
      study_type_name: 'Atlas',
      runs: [{ run_id: 'D70001' }, { run_id: 'D70002' }],
    });
    const changed = await save({
      study_name: 'Brain atlas',
      create: false,
      study_description: 'Brains',
      study_type_name: null,
      runs_to_remove: ['D70001'],
    });
    expect(changed.body.studies.find((s) => s.study_name === 'Brain atlas')).toMatchObject({
      study_description: 'Brains',
      study_type_name: null,
      runs: [{ run_id: 'D70002' }],
    });
    expect((await details('D70002')).body.studies).toEqual(['Brain atlas']);
    expect((await history('run:D70001')).slice(0, 2).map((e) => e.action)).toEqual([
      'study.remove_run',
      'study.add_run',
    ]);
    expect((await history('study:Brain atlas'))[0]).toMatchObject({
      before: { runs: 'D70001, D70002' },
      after: { runs: 'D70002' },
    });
  });

  it('refuses a taken name, a missing study, an empty description, unknown runs or types, and non-admins', async () => {
    const save = (body: unknown, token = t.admin) => t.api('POST', '/api/v1/run_db/save_study', { token, body });
    const base = { study_name: 'Brain atlas', create: false, study_description: 'x' };
    expect((await save({ ...base, create: true })).status).toBe(409);
    expect((await save({ ...base, study_name: 'Nothing' })).status).toBe(404);
    expect((await save({ ...base, study_description: '' })).body.msg).toContain(M.descriptionRequired);
    expect((await save({ ...base, runs_to_add: ['D79997'] })).body).toMatchObject({
      msg: M.runNotInCatalogue('D79997'),
    });
    expect((await save({ ...base, study_type_name: 'Nope' })).body).toMatchObject({ msg: M.unknownStudyType('Nope') });
    expect((await save(base, member)).status).toBe(403);
    expect((await t.api('GET', '/api/v1/run_db/get_studies', { token: member })).status).toBe(403);
  });
});

describe('lookup lists (add_field_option, remove_field_option)', () => {
  it('adds and removes values, which the field options then offer; a used value stays', async () => {
    const edit = (path: string, body: unknown, token = t.admin) =>
      t.api<Record<string, string[]>>('POST', `/api/v1/run_db/${path}`, { token, body });
    const added = await edit('add_field_option', { list: 'antibody', value: 'H3K9me3' });
    expect(added.body.antibody_list).toContain('H3K9me3');
    const options = await t.api<Record<string, string[]>>('GET', '/api/v1/run_db/get_field_options', {
      token: member,
    });
    expect(options.body.antibody_list).toContain('H3K9me3');
    expect((await edit('add_field_option', { list: 'antibody', value: 'H3K9me3' })).status).toBe(409);
    const removed = await edit('remove_field_option', { list: 'antibody', value: 'H3K9me3' });
    expect(removed.body.antibody_list).not.toContain('H3K9me3');
    expect((await edit('remove_field_option', { list: 'antibody', value: 'H3K9me3' })).status).toBe(404);
    expect((await edit('remove_field_option', { list: 'species', value: 'mus_musculus' })).body).toMatchObject({
      msg: M.valueInUse('mus_musculus', 1),
    });
    expect((await edit('add_field_option', { list: 'planet', value: 'x' })).status).toBe(400);
    expect((await edit('add_field_option', { list: 'organ', value: '  ' })).body.msg).toContain(M.valueRequired);
    expect((await edit('add_field_option', { list: 'organ', value: 'Eye' }, member)).status).toBe(403);
    expect((await history('lookup:epitope')).map((e) => e.action)).toEqual(['lookup.remove', 'lookup.add']);
  });
});

describe('Create A Run (webfile.create_files for a new run id)', () => {
  it.skipIf(!hasSharedData('visium-squidpy-tests', 'test_data.h5ad'))(
    'gives a run without an entry a private catalogue entry, its web object and a rendered thumbnail',
    async () => {
      await t.infra.queue.startWorkers(['atxcloud_webfile']);
      const bytes = await fs.readFile(sharedData('visium-squidpy-tests', 'test_data.h5ad'));
      await t.infra.storage.put('atx-data', 'data/D70009/h5/obj/genes.h5ad', bytes);
      const made = await buildTask(t, {
        name: 'webfile.create_files',
        args: ['data/D70009/h5/obj', true, 'atx-data'],
        kwargs: { run_id: 'D70009', description: 'new run' },
      });
      expect(made.status).toBe('SUCCESS');
      expect((await details('D70009')).body).toMatchObject({
        public: false,
        group: null,
        web_object_available: true,
        web_obj_path: 'data/D70009/h5/',
      });
      const thumbnail = await t.app.inject({
        method: 'GET',
        url: '/api/v1/run_db/frontpage/D70009.png',
        headers: { authorization: `JWT ${t.admin}` },
      });
      expect(thumbnail.statusCode).toBe(200);
      const meta = await sharp(thumbnail.rawPayload).metadata();
      expect(Math.max(meta.width, meta.height)).toBe(200);
      expect((await history('run:D70009'))[0]).toMatchObject({
        action: 'run.create',
        after: { web_object_available: true },
      });
      // Private: a member of another group does not see it.
      expect((await t.api('GET', '/api/v1/run_db/frontpage/D70009.png', { token: member })).status).toBe(404);
    },
    // Clusters and UMAP are computed for this h5ad: seconds alone, longer on a busy machine.
    180_000,
  );

  it('refuses a run id that already has a web object unless asked to replace it, and queues nothing', async () => {
    await buildRun(t, { runId: 'D70004', group: 'lab-a', public: false });
    await createRuns(t.infra).records.markWebObjectAvailable('D70004', 'data/D70004/h5/');
    const post = (kwargs: Record<string, unknown>) =>
      t.api<{ msg: string }>('POST', '/api/v1/task', {
        token: t.admin,
        body: {
          task: 'webfile.create_files',
          queue: 'atxcloud_webfile',
          args: ['data/D70004/h5/obj', true, 'atx-data'],
          kwargs: { run_id: 'D70004', description: 'again', ...kwargs },
        },
      });
    const tasks = async () =>
      (await t.infra.db.selectFrom('tasks').select('id').where('name', '=', 'webfile.create_files').execute()).length;
    const queued = await tasks();
    expect(await post({ replace: false })).toEqual({
      status: 409,
      body: { msg: M.webObjExists('D70004', 'data/D70004/h5/'), status_code: 409 },
    });
    expect(await tasks()).toBe(queued);
    // Asked to replace it (Create A Run after its warning), or not saying (imports, scripts): posted.
    expect((await post({ replace: true })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect(await tasks()).toBe(queued + 2);
    // A run without a web object is no conflict.
    await buildRun(t, { runId: 'D70005', group: 'lab-a', public: false });
    const fresh = await t.api('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'webfile.create_files',
        queue: 'atxcloud_webfile',
        args: ['data/D70005/h5/obj', true, 'atx-data'],
        kwargs: { run_id: 'D70005', replace: false },
      },
    });
    expect(fresh.status).toBe(200);
  });
});
