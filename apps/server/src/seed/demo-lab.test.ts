import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../../test/harness.js';
import { labStore } from '../domains/lab/store.js';
import { DEMO_DBITS, seedDemoLab } from './demo-lab.js';
import { dataBucket } from '../config.js';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra();
});
afterAll(() => infra.cleanup());

describe('demo lab seed', () => {
  it('links wafers, chips and DBiT runs, writes QC directories with real plots, and is idempotent', async () => {
    const first = await seedDemoLab(infra);
    expect(first.created).toHaveLength(3 + 6 + 6);
    expect(first.qcCreated).toEqual(DEMO_DBITS.map((d) => d.run_id));

    const trace = await labStore.waferTrace(infra.db, {}, { sort: [] });
    expect(Object.keys(trace).sort()).toEqual(['W90001', 'W90002', 'W90003']);
    expect(trace.W90001!.C90001!.map((d) => d.run_id)).toEqual(['D90001', 'D90002']);

    const [qc] = await labStore.list(infra.db, 'qc', { id: 'D90001' }, { sort: [] });
    expect(qc).toMatchObject({
      id: 'D90001',
      files: { root: 'data/D90001/', images: { 'umi-1': 'umi-1.png', 'before_after_umi-1': 'before_after_umi-1.png' } },
      metadata: { run_id: 'D90001' },
    });
    const bucket = dataBucket(infra.config);
    for (const name of ['umi-1.png', 'before_after_umi-1.png']) {
      const object = await infra.storage.get(bucket, `data/D90001/${name}`);
      const chunks: Buffer[] = [];
      for await (const c of object.body as AsyncIterable<Buffer>) chunks.push(c);
      const image = sharp(Buffer.concat(chunks));
      const meta = await image.metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThan(300);
      const stats = await image.stats();
      expect(stats.channels[0]!.stdev, `${name} is not blank`).toBeGreaterThan(10);
    }

    const again = await seedDemoLab(infra);
    expect(again).toEqual({ created: [], filesWritten: [], qcCreated: [] });
    // A deleted QC image is written again; a deleted demo record stays deleted.
    await infra.storage.delete(bucket, 'data/D90002/umi-1.png');
    await labStore.deleteWhere(infra.db, 'wafers', { wafer_id: 'W90003' });
    const third = await seedDemoLab(infra);
    expect(third).toEqual({ created: [], filesWritten: ['data/D90002/umi-1.png'], qcCreated: [] });
  });
});
