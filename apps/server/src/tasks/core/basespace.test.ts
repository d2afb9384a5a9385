import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MSG, type TBasespaceListing, type TTaskState } from '@atlas/contracts';
import { useTestApp } from '../../../test/harness.js';
import { buildTask } from '../../../test/factories.js';
import { basespaceDatasets, startBasespaceServer, type BasespaceServer } from '../../../test/basespace-server.js';
import { generatedMd5 } from '../../../test/ftp-batch.js';
import { readObject } from '../../infra/storage/index.js';
import { createBasespace } from './transfers/basespace.js';

const TOKEN = 'bs-token-1';
const datasets = basespaceDatasets();
/** File id → bytes after which the signed URL's next answer is cut (see test/basespace-server.ts). */
const drops = new Map<string, number>();
let bs: BasespaceServer;
beforeAll(async () => {
  bs = await startBasespaceServer({ datasets, token: TOKEN, dropOnce: drops });
});
// Registered before the server's, so it runs after the server has closed.
afterAll(() => bs?.close());
const t = useTestApp({
  env: () => ({ BASESPACE_API_URL: bs.url, BASESPACE_TOKEN: TOKEN }),
  workers: ['atxcloud_core'],
});

const runTask = (name: string, args: unknown[], kwargs: Record<string, unknown> = {}): Promise<TTaskState> =>
  buildTask(t, { name, args, kwargs });

const listPage = async (offset: number) => {
  const state = await runTask('core.list_basespace_datasets', [offset]);
  expect(state.error).toBeNull();
  return state.result as TBasespaceListing;
};

describe('Illumina BaseSpace transfer tasks', () => {
  it('lists a page of datasets with their files, run ids and output paths', async () => {
    const first = await listPage(0);
    expect(first.Paging).toEqual({ Offset: 0, Limit: 10, TotalCount: 23 });
    expect(first.Items.map((d) => d.run_id)).toEqual([
      'D02000',
      'D02001',
      'D02002',
      'D02003',
      'D02004',
      '',
      'D02006',
      'D02007',
      'D02008',
      'D02009',
    ]);
    expect(first.Items[0]).toMatchObject({
      Id: 'ds.1000',
      Name: 'D02000_S1',
      DatasetType: { Name: 'Illumina FASTQ' },
      Project: { Name: 'Spatial ATAC' },
      DateCreated: '2024-02-28T09:30:00.0000000Z',
      TotalSize: datasets[0]!.files[0]!.size + datasets[0]!.files[1]!.size,
    });
    expect(first.Items[0]!.file_downloads[1]).toEqual({
      href: `${bs.url}/v2/files/20002`,
      name: 'D02000_S1_L001_R2_001.fastq.gz',
      size: datasets[0]!.files[1]!.size,
      outpath: 'data/D02000/fastq/D02000_S1_L001_R2_001.fastq.gz',
      output_exists: false,
    });
    expect(first.Items[5]!.file_downloads.every((f) => f.outpath === '')).toBe(true);
    const last = await listPage(20);
    expect(last.Items.map((d) => d.Name)).toEqual(['D02020_S21', 'D02021_S22', 'D02022_S23']);
    // The token went to the API; the listing asked for the newest first.
    expect(bs.requests).toContain('GET /v2/datasets?offset=20&limit=10&sortby=DateCreated&sortdir=Desc');
  });

  it('downloads a dataset through the signed-URL redirect (without the token there), checking sizes', async () => {
    const dataset = (await listPage(0)).Items[2]!;
    const state = await runTask('core.download_from_basespace_href', [dataset.file_downloads], {
      run_id: dataset.run_id,
      description: 'Illumina transfer',
    });
    expect(state).toMatchObject({
      status: 'SUCCESS',
      progress: 100,
      run_id: 'D02002',
      description: 'Illumina transfer',
    });
    for (const [i, file] of dataset.file_downloads.entries()) {
      const stored = await readObject(t.infra.storage, 'atx-data', file.outpath);
      const source = datasets[2]!.files[i]!;
      expect(createHash('md5').update(stored).digest('hex')).toBe(await generatedMd5(source.seed, source.size));
    }
    expect((await listPage(0)).Items[2]!.file_downloads.every((f) => f.output_exists)).toBe(true);
  });

  it('resumes a file whose connection drops mid-way from the byte reached, and stores it whole', async () => {
    const dataset = (await listPage(0)).Items[4]!;
    const [first, second] = datasets[4]!.files;
    drops.set(first!.id, 200_000);
    drops.set(second!.id, 1000);
    const before = bs.requests.length;
    const state = await runTask('core.download_from_basespace_href', [dataset.file_downloads]);
    expect(state).toMatchObject({ status: 'SUCCESS', progress: 100, error: null });
    expect(state.result).toMatchObject({ resumed: 2, bytes: first!.size + second!.size });
    // Each file asked again with a range from where its connection died, not from the start.
    const signed = bs.requests.slice(before).filter((r) => r.startsWith('GET /signed/'));
    expect(signed).toHaveLength(4);
    expect(bs.ranges.slice(-4)).toEqual([undefined, 'bytes=200000-', undefined, 'bytes=1000-']);
    for (const [i, file] of dataset.file_downloads.entries()) {
      const stored = await readObject(t.infra.storage, 'atx-data', file.outpath);
      const source = datasets[4]!.files[i]!;
      expect(stored.length).toBe(source.size);
      expect(createHash('md5').update(stored).digest('hex')).toBe(await generatedMd5(source.seed, source.size));
    }
  });

  it('goes on from the bytes an earlier run staged when that run was cut off for good', async () => {
    const dataset = (await listPage(0)).Items[6]!;
    const [first, second] = datasets[6]!.files;
    bs.cutOff(first!.id, 300_000);
    const cut = await runTask('core.download_from_basespace_href', [dataset.file_downloads]);
    expect(cut.status).toBe('FAILURE');
    expect(cut.error).toBe(TRANSFER_MSG.basespaceFileFailed(503, dataset.file_downloads[0]!.name, 'D02006'));
    expect(await t.infra.storage.exists('atx-data', dataset.file_downloads[0]!.outpath)).toBe(false);

    bs.online();
    const again = await runTask('core.download_from_basespace_href', [dataset.file_downloads]);
    expect(again).toMatchObject({ status: 'SUCCESS', progress: 100, error: null });
    expect(again.result).toMatchObject({ carried: 300_000, bytes: first!.size - 300_000 + second!.size });
    expect(bs.ranges.slice(-2)).toEqual(['bytes=300000-', undefined]);
    for (const [i, file] of dataset.file_downloads.entries()) {
      const stored = await readObject(t.infra.storage, 'atx-data', file.outpath);
      const source = datasets[6]!.files[i]!;
      expect(createHash('md5').update(stored).digest('hex')).toBe(await generatedMd5(source.seed, source.size));
    }
  });

  // The API's addresses (and the signed URL's) go to the server's log, never into what the person reads.
  for (const [status, index, read] of [
    [500, 8, 0],
    [404, 9, 1],
  ] as const)
    it(`names the file and its run when BaseSpace answers ${status} for it, not the API's address`, async () => {
      const dataset = (await listPage(0)).Items[index]!;
      const failing = dataset.file_downloads[read]!;
      bs.failFile(datasets[index]!.files[read]!.id, status);
      const state = await runTask('core.download_from_basespace_href', [dataset.file_downloads], {
        run_id: dataset.run_id,
      });
      expect(state).toMatchObject({
        status: 'FAILURE',
        error: TRANSFER_MSG.basespaceFileFailed(status, failing.name, dataset.run_id),
      });
      expect(state.error).toMatch(
        new RegExp(`^${failing.name} \\(run ${dataset.run_id}\\): BaseSpace answered ${status}`),
      );
      expect(state.error).not.toMatch(/http|127\.0\.0\.1|\/v2\//);
      expect(await t.infra.storage.exists('atx-data', failing.outpath)).toBe(false);
    });

  it('stores nothing of a file whose size is not the one listed', async () => {
    const file = { ...(await listPage(0)).Items[3]!.file_downloads[0]!, size: 10 };
    const state = await runTask('core.download_from_basespace_href', [[file]]);
    expect(state.status).toBe('FAILURE');
    expect(state.error).toMatch(new RegExp(`^${file.name}: received \\d+ bytes, expected 10; nothing was stored$`));
    expect(await t.infra.storage.exists('atx-data', file.outpath)).toBe(false);
  });

  it('refuses an address outside the configured BaseSpace, before fetching it', async () => {
    const before = bs.requests.length;
    const file = { href: 'http://169.254.169.254/v2/files/1', name: 'x', size: 1, outpath: 'data/D02000/fastq/x' };
    const state = await runTask('core.download_from_basespace_href', [[file]]);
    expect(state.error).toBe(TRANSFER_MSG.basespaceForeignHref(file.href));
    expect(bs.requests.length).toBe(before);
  });

  it('fails with the API status for a wrong token, and says when no token is configured', async () => {
    const client = (token: string | undefined) => createBasespace({ basespace: { apiUrl: bs.url, token } });
    await expect(client('wrong').datasets(0, 10)).rejects.toThrow(
      TRANSFER_MSG.basespaceFailed(401, 'listing datasets'),
    );
    await expect(client(undefined).datasets(0, 10)).rejects.toThrow(TRANSFER_MSG.basespaceNoToken);
  });
});
