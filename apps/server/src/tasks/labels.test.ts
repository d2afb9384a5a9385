import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import type { TTaskState } from '@atlas/contracts';

/** Job Managment names a description and a run for every kind of task (spec 03 §2.10, issue 14). */
const t = useTestApp();

const post = (body: Record<string, unknown>) =>
  t.api<{ _id: string }>('POST', '/api/v1/task', { token: t.admin, body });

async function listed(id: string): Promise<TTaskState> {
  const list = await t.api<TTaskState[]>('GET', '/api/v1/task', { token: t.admin });
  return list.body.find((task) => task._id === id)!;
}

describe('task labels', () => {
  it('an explorer task without kwargs shows its definition and the run its file belongs to', async () => {
    const posted = await post({
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: ['data/D00777/h5/obj/genes.h5ad', [0, 1], 'k'],
    });
    expect(posted.status).toBe(200);
    expect(await listed(posted.body._id)).toMatchObject({
      description: 'Ranks every feature for a selection of tixels against the rest.',
      run_id: 'D00777',
    });
  });

  it('a description and run id given in kwargs win', async () => {
    const posted = await post({
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: ['data/D00777/h5/obj/genes.h5ad', [0], 'k'],
      kwargs: { description: 'QC of the left lobe', run_id: 'D00778' },
    });
    expect(posted.status).toBe(200);
    expect(await listed(posted.body._id)).toMatchObject({ description: 'QC of the left lobe', run_id: 'D00778' });
  });

  it('a task that touches no run still has a description', async () => {
    const posted = await post({ task: 'core.task_list', queue: 'atxcloud_core', args: [] });
    expect(posted.status).toBe(200);
    const task = await listed(posted.body._id);
    expect(task.description).toEqual(expect.any(String));
    expect(task.run_id).toBeNull();
  });

  it('a row stored without labels (posted before they were kept) takes them from its kwargs, or its public link', async () => {
    const id = randomUUID();
    const linked = randomUUID();
    await t.infra.db
      .insertInto('tasks')
      .values([
        {
          id,
          name: 'gene.compute_qc',
          queue: 'atxcloud_gene',
          args: JSON.stringify(['data/D00777/h5/obj/genes.h5ad', [0], 'k']),
          kwargs: JSON.stringify({ description: 'Left lobe', run_id: 'D00779' }),
          status: 'SUCCESS',
        },
        {
          id: linked,
          name: 'gene.compute_qc',
          queue: 'atxcloud_gene',
          args: JSON.stringify(['data/D00780/h5/obj/genes.h5ad', [0], 'k']),
          kwargs: JSON.stringify({ description: 7, run_id: '' }),
          status: 'SUCCESS',
          public_run: 'D00780',
        },
      ])
      .execute();
    expect(await listed(id)).toMatchObject({ description: 'Left lobe', run_id: 'D00779' });
    expect(await listed(linked)).toMatchObject({ description: null, run_id: 'D00780' });
    const read = await t.api<TTaskState>('GET', `/api/v1/task/${id}`, { token: t.admin });
    expect(read.body).toMatchObject({ _id: id, status: 'SUCCESS', description: 'Left lobe' });
    expect(read.body).not.toHaveProperty('args');
  });
});
