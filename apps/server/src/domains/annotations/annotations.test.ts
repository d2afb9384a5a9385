import { beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATION_MSG, type TAnnotation, type TAnnotationSummary } from '@atlas/contracts';
import { setRunPublic, useTestApp } from '../../../test/harness.js';
import { buildGroup, buildRun, buildUser, buildVisitor } from '../../../test/factories.js';
import { listAudit } from '../audit/index.js';

/**
 * Shared annotations: saved by a member of the run's group, seen by the group (and by every member on a public run),
 * changed only by the group or admins, refused like a missing run to everyone else, every change audited.
 */
const t = useTestApp();
const tok = {} as Record<'admin' | 'ann' | 'bob' | 'eve' | 'none' | 'visitor', string>;

beforeAll(async () => {
  await buildGroup(t, 'lab-x');
  await buildGroup(t, 'lab-y');
  Object.assign(tok, {
    admin: t.admin,
    ann: await buildUser(t, 'an-ann', ['lab-x']),
    bob: await buildUser(t, 'an-bob', ['lab-x']),
    eve: await buildUser(t, 'an-eve', ['lab-y']),
    none: await buildUser(t, 'an-none', []),
    visitor: await buildVisitor(t),
  });
  await buildRun(t, { runId: 'D00301', group: 'lab-x', public: false });
  await buildRun(t, { runId: 'D00302', group: 'lab-x', public: true });
});

const create = (token: string, body: Record<string, unknown>) =>
  t.api<TAnnotationSummary & { msg: string }>('POST', '/api/v1/annotations', { token, body });
const list = (token: string, runId: string) =>
  t.api<TAnnotationSummary[] & { msg: string }>('GET', '/api/v1/annotations', { token, query: { run_id: runId } });
const good = { run_id: 'D00301', name: 'Cortex', color: '#ff8800', note: 'layer 1', tixels: [5, 1, 3, 3] };

describe('/api/v1/annotations', () => {
  it('saves a selection that the group sees and another group does not', async () => {
    const made = await create(tok.ann, good);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'Cortex', color: '#ff8800', tixel_count: 3, created_by: 'an-ann' });
    expect(made.body).not.toHaveProperty('tixels');
    // Its tixels come one annotation at a time, ascending and without repeats.
    const one = await t.api<TAnnotation>('GET', `/api/v1/annotations/${made.body.id}`, { token: tok.bob });
    expect(one.body).toMatchObject({ id: made.body.id, tixels: [1, 3, 5], tixel_count: 3, editable: true });
    expect((await t.api('GET', `/api/v1/annotations/${made.body.id}`, { token: tok.eve })).status).toBe(404);
    const bob = await list(tok.bob, 'D00301');
    expect(bob.status).toBe(200);
    expect(bob.body.map((a) => [a.name, a.editable, a.tixel_count])).toEqual([['Cortex', true, 3]]);
    expect(bob.body[0]).not.toHaveProperty('tixels');
    const eve = await list(tok.eve, 'D00301');
    expect(eve.status).toBe(404);
    expect(eve.body.msg).toBe(ANNOTATION_MSG.runNotFound('D00301'));
    expect((await list(tok.admin, 'D00301')).body).toHaveLength(1);
  });

  it('on a public run: everyone signed in sees, only the group edits', async () => {
    const made = await create(tok.bob, { ...good, run_id: 'D00302', name: 'Tumour' });
    expect(made.status).toBe(200);
    const eve = await list(tok.eve, 'D00302');
    expect(eve.body.map((a) => [a.name, a.editable])).toEqual([['Tumour', false]]);
    const put = await t.api<{ msg: string }>('PUT', `/api/v1/annotations/${made.body.id}`, {
      token: tok.eve,
      body: { note: 'mine now' },
    });
    expect([put.status, put.body.msg]).toEqual([403, ANNOTATION_MSG.notEditable('D00302')]);
    const del = await t.api('DELETE', `/api/v1/annotations/${made.body.id}`, { token: tok.eve });
    expect(del.status).toBe(403);
    expect((await create(tok.eve, { ...good, run_id: 'D00302', name: 'Other' })).status).toBe(403);
    // Route-level refusals: no group, or a public session.
    expect((await list(tok.none, 'D00302')).status).toBe(403);
    expect((await list(tok.visitor, 'D00302')).status).toBe(403);
    expect((await t.api('GET', '/api/v1/annotations', { query: { run_id: 'D00302' } })).status).toBe(401);
  });

  it('refuses bad input with a clear message', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, name: '   ' }, 400, 'name: Give the annotation a name'],
      [{ ...good, color: 'red' }, 400, 'color: A colour is written #rrggbb'],
      [{ ...good, tixels: [] }, 400, 'tixels: An annotation holds at least one tixel'],
      [{ ...good, tixels: [1.5] }, 400, 'tixels.0: Tixel indices are whole numbers'],
      [{ ...good, tixels: [-1] }, 400, 'tixels.0: Tixel indices are 0 or more'],
      [{ ...good, run_id: 'nope' }, 400, 'run_id'],
      [{ ...good, run_id: 'D09999' }, 404, ANNOTATION_MSG.runNotFound('D09999')],
      [good, 409, ANNOTATION_MSG.nameTaken('Cortex', 'D00301')],
    ];
    for (const [body, status, msg] of cases) {
      const reply = await create(tok.ann, body);
      expect([reply.status, reply.body.msg], JSON.stringify(body)).toEqual([status, expect.stringContaining(msg)]);
    }
    const bad = await t.api<{ msg: string }>('PUT', '/api/v1/annotations/not-a-uuid', {
      token: tok.ann,
      body: { note: 'x' },
    });
    expect(bad.status).toBe(400);
    const [first] = (await list(tok.ann, 'D00301')).body;
    const empty = await t.api<{ msg: string }>('PUT', `/api/v1/annotations/${first!.id}`, {
      token: tok.ann,
      body: {},
    });
    expect([empty.status, empty.body.msg]).toEqual([400, 'Give at least one of name, color, note, tixels']);
  });

  it('audits create, update and delete; an invisible annotation is a 404', async () => {
    const made = await create(tok.ann, { ...good, name: 'Hippocampus' });
    const id = made.body.id;
    expect((await t.api('PUT', `/api/v1/annotations/${id}`, { token: tok.eve, body: { note: 'x' } })).status).toBe(404);
    const renamed = await t.api<TAnnotation>('PUT', `/api/v1/annotations/${id}`, {
      token: tok.bob,
      body: { name: 'CA1', tixels: [4, 2, 4] },
    });
    expect(renamed.body).toMatchObject({ name: 'CA1', tixel_count: 2, updated_by: 'an-bob', created_by: 'an-ann' });
    const read = await t.api<TAnnotation>('GET', `/api/v1/annotations/${id}`, { token: tok.ann });
    expect(read.body.tixels).toEqual([2, 4]);
    const clash = await t.api('PUT', `/api/v1/annotations/${id}`, { token: tok.bob, body: { name: 'Cortex' } });
    expect(clash.status).toBe(409);
    expect((await t.api('DELETE', `/api/v1/annotations/${id}`, { token: tok.bob })).status).toBe(200);
    expect((await t.api('DELETE', `/api/v1/annotations/${id}`, { token: tok.bob })).status).toBe(404);
    const audit = await listAudit(t.infra.db, { target: `annotation:${id}`, limit: 10 });
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['annotation.delete', 'an-bob'],
      ['annotation.update', 'an-bob'],
      ['annotation.create', 'an-ann'],
    ]);
    expect(audit[1]!.before).toMatchObject({ name: 'Hippocampus', tixels: 3 });
    expect(audit[1]!.after).toMatchObject({ name: 'CA1', tixels: 2 });
  });

  it('a run made private hides its annotations from other groups at once', async () => {
    await setRunPublic(t.infra.db, 'D00302', false);
    expect((await list(tok.eve, 'D00302')).status).toBe(404);
    expect((await list(tok.bob, 'D00302')).status).toBe(200);
    await setRunPublic(t.infra.db, 'D00302', true);
  });
});

describe('/api/v1/cluster_colors', () => {
  type Colours = { run_id: string; colors: Record<string, string>; editable: boolean; msg?: string };
  const get = (token: string, runId: string) =>
    t.api<Colours>('GET', '/api/v1/cluster_colors', { token, query: { run_id: runId } });
  const put = (token: string, body: Record<string, unknown>) =>
    t.api<Colours>('PUT', '/api/v1/cluster_colors', { token, body });

  it("keeps a run's cluster colours for its group: the group writes, readers read, others are refused", async () => {
    expect((await get(tok.ann, 'D00302')).body).toEqual({ run_id: 'D00302', colors: {}, editable: true });
    const saved = await put(tok.ann, { run_id: 'D00302', colors: { C3: '#123456', 'T cells': '#abcdef' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Another member of the group, and a reader of the public run from another group, see them.
    expect((await get(tok.bob, 'D00302')).body.colors).toEqual({ C3: '#123456', 'T cells': '#abcdef' });
    expect((await get(tok.eve, 'D00302')).body).toMatchObject({ colors: { C3: '#123456' }, editable: false });
    // Only the group (and admins) may change them; a run the caller may not see is a 404 like a missing one.
    const refused = await put(tok.eve, { run_id: 'D00302', colors: { C3: '#000000' } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(ANNOTATION_MSG.coloursNotEditable('D00302'));
    expect((await get(tok.eve, 'D00301')).status).toBe(404);
    expect((await put(tok.eve, { run_id: 'D00301', colors: {} })).status).toBe(404);
    // The whole table is replaced: a cluster left out goes back to the palette.
    expect((await put(tok.admin, { run_id: 'D00302', colors: { C3: '#00ff00' } })).status).toBe(200);
    expect((await get(tok.ann, 'D00302')).body.colors).toEqual({ C3: '#00ff00' });
    const audit = await listAudit(t.infra.db, { target: 'run:D00302', limit: 10 });
    expect(audit.filter((e) => e.action === 'cluster_colours.update').map((e) => e.actor)).toEqual(['admin', 'an-ann']);
  });

  it('refuses a colour that is not #rrggbb and an unknown run id shape with the field named', async () => {
    const bad = await put(tok.ann, { run_id: 'D00302', colors: { C1: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('#rrggbb');
    expect((await get(tok.ann, 'nope')).status).toBe(400);
  });
});
