import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MSG, type TNovogeneItem, type TTaskState } from '@atlas/contracts';
import { useTestApp, type TestContext } from '../../../test/harness.js';
import { buildTask, buildUser } from '../../../test/factories.js';
import {
  BATCH_ID,
  generatedMd5,
  novogeneBatch,
  startFtpBatchServer,
  type BatchTree,
  type FtpBatchServer,
} from '../../../test/ftp-batch.js';
import { stagingBucketOf } from '../../domains/uploads/index.js';
import { readObject } from '../../infra/storage/index.js';
import { S3RVER_ENV, startS3rver } from '../../../test/s3rver.js';

const LOGIN = { username: BATCH_ID, password: 'novo#pass' };
const RAW = `/${BATCH_ID}/01.RawData`;
/** A transfer that receives nothing for this long is looked at (ATLAS_TRANSFER_STALL_MS). */
const STALL_MS = 3000;
const t = useTestApp({ env: { ATLAS_TRANSFER_STALL_MS: String(STALL_MS) }, workers: ['atxcloud_core'] });
let ftp: FtpBatchServer;
let tree: BatchTree;

beforeAll(async () => {
  tree = await novogeneBatch();
  // A folder of the batch with no run's files (Novogene's notes beside the data).
  tree.set(`/${BATCH_ID}/03.Notes/Readme.txt`, { size: 6, text: 'notes\n' });
  ftp = await startFtpBatchServer({ tree, ...LOGIN });
});
afterAll(() => ftp?.close());

const login = () => ({ host: '127.0.0.1', port: ftp.port, ...LOGIN });

/** A transfer task posted as the admin of `on` and run to its end. */
const runTask = (name: string, kwargs: Record<string, unknown>, on: TestContext = t): Promise<TTaskState> =>
  buildTask(on, { name, kwargs });

const list = async () => {
  const state = await runTask('core.list_novogene_batch', { ...login(), batch_root: `/${BATCH_ID}` });
  expect(state.error).toBeNull();
  return (state.result as { items: TNovogeneItem[] }).items;
};

const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('Novogene FTP transfer tasks', () => {
  it('lists the sequencing files of a batch by run, with sizes, output keys and the MD5 lists', async () => {
    const items = await list();
    expect(items.map((i) => [i.run_id, i.source_filename.split('/').pop(), i.size])).toEqual([
      ['D01234', 'D01234_FKDL240012345-1A_HXXYYDSX7_L2_1.fq.gz', 8 << 20],
      ['D01234', 'D01234_FKDL240012345-1A_HXXYYDSX7_L2_2.fq.gz', (8 << 20) + 12345],
      ['D01235', 'D01235_FKDL240012345-1A_HXXYYDSX7_L1_1.fq.gz', 3 * 2 ** 30],
      ['D01235', 'D01235_FKDL240012345-1A_HXXYYDSX7_L1_2.fq.gz', 3 * 2 ** 30 + 7],
      ['D01236', 'D01236_FKDL240012345-1A_HXXYYDSX7_L3_1.fq.gz', 1 << 20],
      ['D01236', 'D01236_FKDL240012345-1A_HXXYYDSX7_L3_2.fq.gz', 1 << 20],
    ]);
    expect(items[0]).toMatchObject({
      output_key: 'data/D01234/fastq/D01234_FKDL240012345-1A_HXXYYDSX7_L2_1.fq.gz',
      output_exists: false,
    });
    expect(items[0]!.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(items[2]!.md5).toBeNull();
  });

  it('streams a file into storage, checks its MD5, reports progress, and then lists it as existing', async () => {
    const [item] = await list();
    const state = await runTask('core.download_from_ftp_to_s3', {
      ...login(),
      source: item!.source_filename,
      output_key: item!.output_key,
      run_id: 'D01234',
      description: 'Novogene transfer',
    });
    expect(state).toMatchObject({ status: 'SUCCESS', progress: 100, run_id: 'D01234' });
    expect(state.result).toEqual({
      output_key: item!.output_key,
      size: item!.size,
      md5: item!.md5,
      md5_verified: true,
      resumed: 0,
      carried: 0,
    });
    const stored = await readObject(t.infra.storage, 'atx-data', item!.output_key);
    expect(md5Of(stored)).toBe(item!.md5);
    expect((await list())[0]!.output_exists).toBe(true);
    // The FTP password is not kept once the task has ended.
    const row = await t.infra.db
      .selectFrom('tasks')
      .select('kwargs')
      .where('id', '=', state._id)
      .executeTakeFirstOrThrow();
    expect(row.kwargs).not.toHaveProperty('password');
    expect(row.kwargs).toMatchObject({ username: BATCH_ID, source: item!.source_filename });
  });

  it('resumes a dropped connection from the byte reached, into the same object', async () => {
    const item = (await list())[1]!;
    ftp.dropOnce(item.source_filename, 3_000_000);
    ftp.reads.length = 0;
    const state = await runTask('core.download_from_ftp_to_s3', {
      ...login(),
      source: item.source_filename,
      output_key: item.output_key,
    });
    expect(state.error).toBeNull();
    expect(state.result).toMatchObject({ md5: item.md5, md5_verified: true, resumed: 1 });
    // The MD5 list of the folder was read (no md5 given), then the file from 0, then from where it broke.
    const fileReads = ftp.reads.filter((r) => r.startsWith(item.source_filename));
    expect(fileReads[0]).toBe(`${item.source_filename}@0`);
    expect(Number(fileReads[1]!.split('@')[1])).toBeGreaterThan(0);
    expect(fileReads).toHaveLength(2);
    expect(md5Of(await readObject(t.infra.storage, 'atx-data', item.output_key))).toBe(item.md5);
  });

  it('goes on from the bytes an earlier run stored when that run was cut off', () => goesOnAfterCut(t));

  it('runs two requests for the same file one after the other, each storing it whole', async () => {
    const item = (await list())[1]!;
    const kwargs = { ...login(), source: item.source_filename, output_key: item.output_key };
    // Posted together: two workers take them at once, and the second waits for the first's write lease.
    const [first, second] = await Promise.all([
      runTask('core.download_from_ftp_to_s3', kwargs),
      runTask('core.download_from_ftp_to_s3', kwargs),
    ]);
    for (const state of [first!, second!]) {
      expect(state.error).toBeNull();
      expect(state.result).toMatchObject({ md5: item.md5, resumed: 0, carried: 0 });
    }
    expect(md5Of(await readObject(t.infra.storage, 'atx-data', item.output_key))).toBe(item.md5);
  });

  it('fails a checksum mismatch of a fully read file at 100 %, naming the file and both sums, storing nothing', async () => {
    const item = (await list())[5]!;
    const state = await runTask('core.download_from_ftp_to_s3', {
      ...login(),
      source: item.source_filename,
      output_key: item.output_key,
    });
    const name = item.source_filename.split('/').pop()!;
    const file = tree.get(item.source_filename)!;
    const actual = await generatedMd5(file.seed!, file.size);
    expect(state).toMatchObject({
      status: 'FAILURE',
      progress: 100,
      error: TRANSFER_MSG.md5Mismatch(name, '0'.repeat(32), actual),
    });
    expect(state.error).toMatch(/checksum mismatch: expected 0{32} got [0-9a-f]{32}/);
    expect(await t.infra.storage.exists('atx-data', item.output_key)).toBe(false);
    await expectNothingStaged(t);
  });

  // A file taken off the server mid-transfer: a server that then hangs, and one that closes the data connection.
  for (const how of ['stall', 'close'] as const)
    it(`fails a file that vanishes mid-transfer (${how}) at once, naming it, and removes the partial copy`, async () => {
      const item = (await list())[how === 'stall' ? 1 : 0]!;
      const name = item.source_filename.split('/').pop()!;
      const entry = tree.get(item.source_filename)!;
      const after = 2_500_000;
      // Stored by an earlier test: this one must not leave it either.
      await t.infra.storage.delete('atx-data', item.output_key);
      ftp.vanishDuringRead(item.source_filename, after, how);
      const started = Date.now();
      try {
        const state = await runTask('core.download_from_ftp_to_s3', {
          ...login(),
          source: item.source_filename,
          output_key: item.output_key,
        });
        // Within the stall time and a reconnect (the client's own timeout was 30 s, then five tries).
        expect(Date.now() - started).toBeLessThan(STALL_MS + 8000);
        // A closed data connection loses the bytes in flight: the message and the bar say what arrived.
        const received = Number(/vanished after (\d+) of/.exec(state.error ?? '')?.[1]);
        expect(received).toBeGreaterThan(0);
        expect(received).toBeLessThanOrEqual(after);
        if (how === 'stall') expect(received).toBe(after);
        expect(state).toMatchObject({
          status: 'FAILURE',
          error: TRANSFER_MSG.ftpFileVanished(name, received, item.size),
          progress: Math.floor((100 * received) / item.size),
        });
        expect(state.error).toContain(`${name} is no longer on the FTP server`);
        expect(await t.infra.storage.exists('atx-data', item.output_key)).toBe(false);
        await expectNothingStaged(t);
      } finally {
        tree.set(item.source_filename, entry);
      }
    });

  it('names a batch root that is not on the server, and what is there, and one that holds no run', async () => {
    const typo = `/${BATCH_ID.slice(0, -1)}`;
    const missing = await runTask('core.list_novogene_batch', { ...login(), batch_root: typo });
    expect(missing).toMatchObject({
      status: 'FAILURE',
      error: TRANSFER_MSG.ftpBatchRootMissing(typo, '/', [BATCH_ID]),
    });
    expect(missing.error).toContain(`FTP batch root ${typo} was not found on the server; / holds ${BATCH_ID}.`);
    const notes = `/${BATCH_ID}/03.Notes`;
    const empty = await runTask('core.list_novogene_batch', { ...login(), batch_root: notes });
    expect(empty).toMatchObject({ status: 'FAILURE', error: TRANSFER_MSG.ftpBatchRootEmpty(notes, ['Readme.txt']) });
  });

  it('fails with the FTP reason for a wrong password or a missing file', async () => {
    const wrong = await runTask('core.list_novogene_batch', { ...login(), password: 'nope' });
    expect(wrong).toMatchObject({ status: 'FAILURE' });
    expect(wrong.error).toMatch(/^FTP: 530/);
    const missing = await runTask('core.download_from_ftp_to_s3', {
      ...login(),
      source: `${RAW}/D01234/none.fq.gz`,
      output_key: 'data/D01234/fastq/none.fq.gz',
    });
    expect(missing.error).toMatch(/^FTP: /);
  });

  it('refuses non-admins and bad arguments when posted', async () => {
    const user = await buildUser(t, 'novo-user', ['user']);
    const refused = await t.api('POST', '/api/v1/task', {
      token: user,
      body: { task: 'core.list_novogene_batch', queue: 'atxcloud_core', kwargs: login() },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { msg: TRANSFER_MSG.taskNeedsRole('core.list_novogene_batch', 'admin') },
    });
    const bad = await t.api('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'core.download_from_ftp_to_s3',
        queue: 'atxcloud_core',
        kwargs: { ...login(), port: 70000, source: 'x', output_key: 'data/D01234/x' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^kwargs\.port: /);
    const badKey = await t.api('POST', '/api/v1/task', {
      token: t.admin,
      body: {
        task: 'core.download_from_ftp_to_s3',
        queue: 'atxcloud_core',
        kwargs: { ...login(), source: 'x', output_key: 'data/../etc' },
      },
    });
    expect(badKey.body.msg).toMatch(/^kwargs\.output_key: /);
  });
});

async function expectNothingStaged(on: TestContext): Promise<void> {
  const staged = await on.infra.storage.list(stagingBucketOf(on.infra.config), { prefix: 'transfer-' });
  expect(staged.objects).toEqual([]);
}

/**
 * A run cut off for good (the connection dies, then the server refuses to log in again) fails and stores nothing;
 * the next run of the same transfer reads only the rest and checks the whole file.
 */
async function goesOnAfterCut(on: TestContext): Promise<void> {
  const item = (await list())[4]!;
  const task = { ...login(), source: item.source_filename, output_key: item.output_key };
  ftp.dropOnce(item.source_filename, 600_000, { thenOffline: true });
  const cut = await runTask('core.download_from_ftp_to_s3', task, on);
  ftp.online();
  expect(cut).toMatchObject({ status: 'FAILURE', error: expect.stringMatching(/Service not available/) });
  expect(await on.infra.storage.exists('atx-data', item.output_key)).toBe(false);

  ftp.reads.length = 0;
  const state = await runTask('core.download_from_ftp_to_s3', task, on);
  expect(state.error).toBeNull();
  const result = state.result as { carried: number; md5: string; md5_verified: boolean; resumed: number };
  expect(result).toMatchObject({ md5: item.md5, md5_verified: true, resumed: 0 });
  expect(result.carried).toBeGreaterThan(0);
  expect(result.carried).toBeLessThanOrEqual(600_000);
  expect(ftp.reads.filter((r) => r.startsWith(item.source_filename))).toEqual([
    `${item.source_filename}@${result.carried}`,
  ]);
  expect(md5Of(await readObject(on.infra.storage, 'atx-data', item.output_key))).toBe(item.md5);
  // Nothing of the transfer is left in the staging area.
  await expectNothingStaged(on);
}

describe('Novogene FTP transfer on the S3 driver', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  // Registered before the server's, so it runs after the server has closed.
  afterAll(() => s3?.close());
  const onS3 = useTestApp({ env: () => S3RVER_ENV(s3.endpoint), workers: ['atxcloud_core'] });

  it('goes on from the bytes (an incomplete multipart part) an earlier run stored', () => goesOnAfterCut(onS3));
});
