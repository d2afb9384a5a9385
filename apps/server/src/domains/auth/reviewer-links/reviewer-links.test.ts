import { beforeAll, describe, expect, it } from 'vitest';
import { SHARING_MSG, type TReviewerLink, type TReviewerSecrets, type TReviewerSession } from '@atlas/contracts';
import { useTestApp } from '../../../../test/harness.js';
import { buildGroup, buildRun, buildUser, runRecord } from '../../../../test/factories.js';
import { readOutbox } from '../../../infra/mail/outbox-reader.js';
import { createRuns } from '../../runs/index.js';

/**
 * Reviewer links and public link expiry end to end through the HTTP API (issue 35): a code and PIN open a read-only
 * session on the link's private run; rotation and revoke end it at the next request; expiry follows the server's
 * moved clock (the test-only clock route), never a sleep; downloads and writes are refused; each sign-in and each run
 * opened is audited; the database holds no code or PIN; the group's members are mailed.
 */
// Opening the app takes a minute and more while other suites share the machine.
const t = useTestApp({ timeoutMs: 180_000 });
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await buildGroup(t, 'lab-r');
  await buildUser(t, 'r-member', ['user', 'lab-r']);
  await buildRun(t, { runId: 'D00301', group: 'lab-r', public: false });
  // A catalogue entry only: it is refused or given to a group, never read.
  await createRuns(t.infra).records.ensureRun({ runId: 'D00302', group: 'lab-r', public: false });
  await buildRun(t, { runId: 'D00303', group: 'lab-r', public: true });
}, 120_000);

async function makeLink(body: Record<string, unknown> = {}): Promise<TReviewerSecrets> {
  const made = await t.api<TReviewerSecrets>('POST', '/api/v1/auth/reviewer_links', {
    token: t.admin,
    body: { run_ids: ['D00301'], ...body },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body;
}

const signIn = (code: string, pin: string) =>
  t.api<TReviewerSession & { msg?: string }>('POST', '/api/v1/auth/reviewer/sign_in', { body: { code, pin } });
const runData = (token: string, runId: string) =>
  t.api('GET', '/api/v1/genes/data', { token, query: { run_id: runId } });
const moveClock = (offset_ms: number) =>
  t.api('PUT', '/api/v1/auth/reviewer_links/test_clock', { token: t.admin, body: { offset_ms } });

describe('reviewer links', () => {
  it('code + PIN open the link’s private run read-only, with the default expiry, audited, hashes only', async () => {
    const link = await makeLink({ label: 'Reviewer 2' });
    expect(link.code).toMatch(/^[A-Z2-7]{20}$/);
    expect(link.pin).toMatch(/^[0-9]{8}$/);
    expect(link.path).toBe(`/review?code=${link.code}`);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * DAY_MS);
    const session = await signIn(link.code.toLowerCase(), link.pin);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ run_ids: ['D00301'], allow_downloads: false });
    const token = session.body.access_token;

    expect((await runData(token, 'D00301')).status).toBe(200);
    // Another private run of the same group, and the public catalogue: not the link's.
    expect((await runData(token, 'D00302')).status).toBe(404);
    expect((await t.api('GET', '/api/v1/run_db/get_runs', { token })).status).toBe(403);
    // Read-only: no downloads, no writes, no lab or admin routes.
    const download = await t.api('POST', '/api/v1/run_db/generate_presigned_url', {
      token,
      body: { bucket: 'atx-data', path: 'data/D00301/metadata.csv' },
    });
    expect(download.status).toBe(403);
    const exported = await t.api('POST', '/api/v1/exports', { token, body: { run_id: 'D00301', format: 'csv' } });
    expect(exported.status).toBe(403);
    const write = await t.api('POST', '/api/v1/annotations', {
      token,
      body: { run_id: 'D00301', name: 'x', color: '#00aa00', tixels: [0] },
    });
    expect(write.status).toBe(403);
    expect((await t.api('GET', '/api/v1/auth/list_accounts', { token })).status).toBe(403);

    // Opening a run in the explorer goes through a link only this session opens; each open is audited.
    const opened = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token,
      body: { run_id: 'D00301' },
    });
    expect(opened.status).toBe(200);
    const viaLink = await t.api('GET', '/api/v1/genes/data', { token, query: { encoded: opened.body.encoded } });
    expect(viaLink.status).toBe(200);
    const visitor = await t.api<{ access_token: string }>('GET', '/api/v1/auth/log_into_public');
    const stolen = await t.api('GET', '/api/v1/genes/data', {
      token: visitor.body.access_token,
      query: { encoded: opened.body.encoded },
    });
    expect(stolen.status).toBe(404);

    const audit = await t.infra.db.selectFrom('audit_log').select(['actor', 'action', 'target']).execute();
    expect(audit).toContainEqual({
      actor: 'admin',
      action: 'reviewer_link.create',
      target: `reviewer_link:${link.id}`,
    });
    expect(audit).toContainEqual({
      actor: `reviewer:${link.id}`,
      action: 'reviewer_link.sign_in',
      target: `reviewer_link:${link.id}`,
    });
    expect(audit).toContainEqual({
      actor: `reviewer:${link.id}`,
      action: 'reviewer_link.open_run',
      target: 'run:D00301',
    });
    const stored = JSON.stringify(await t.infra.db.selectFrom('reviewer_links').selectAll().execute());
    expect(stored).not.toContain(link.code);
    expect(stored).not.toContain(link.pin);

    // The group's member was told, with the run named.
    const notice = readOutbox(t.infra.dataDir).find((m) => m.subject === 'Atlas Portal: reviewer link for D00301');
    expect(notice?.text).toContain('Username: r-member');
  });

  it('rotation ends every session of the link at once; the new code and PIN open a new one', async () => {
    const link = await makeLink();
    const a = (await signIn(link.code, link.pin)).body.access_token;
    const b = (await signIn(link.code, link.pin)).body.access_token;
    const rotated = await t.api<TReviewerSecrets>('POST', `/api/v1/auth/reviewer_links/${link.id}/rotate`, {
      token: t.admin,
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.code).not.toBe(link.code);
    for (const token of [a, b]) {
      const refused = await runData(token, 'D00301');
      expect(refused.status).toBe(401);
      expect(refused.body.msg).toBe(SHARING_MSG.sessionEnded);
    }
    expect((await signIn(link.code, link.pin)).status).toBe(401);
    const fresh = await signIn(rotated.body.code, rotated.body.pin);
    expect((await runData(fresh.body.access_token, 'D00301')).status).toBe(200);
  });

  it('downloads only when the link allows them; its download links close with the link', async () => {
    const file = { bucket: 'atx-data', path: 'data/D00301/metadata.csv' };
    const plain = await makeLink();
    const plainToken = (await signIn(plain.code, plain.pin)).body.access_token;
    const refused = await t.api('POST', '/api/v1/run_db/reviewer_download', { token: plainToken, body: file });
    expect([refused.status, refused.body.msg]).toEqual([403, SHARING_MSG.noDownloads]);

    const link = await makeLink({ allow_downloads: true });
    const token = (await signIn(link.code, link.pin)).body.access_token;
    const files = await t.api<Record<string, unknown[]>>('GET', '/api/v1/run_db/reviewer_files', { token });
    expect(Object.keys(files.body)).toEqual(['D00301']);
    const made = await t.api<{ url: string }>('POST', '/api/v1/run_db/reviewer_download', { token, body: file });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const url = new URL(made.body.url).pathname;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await t.api('POST', `/api/v1/auth/reviewer_links/${link.id}/rotate`, { token: t.admin });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('revoke ends the sessions; the list says so', async () => {
    const link = await makeLink();
    const token = (await signIn(link.code, link.pin)).body.access_token;
    const revoked = await t.api('DELETE', `/api/v1/auth/reviewer_links/${link.id}`, { token: t.admin });
    expect(revoked.status).toBe(200);
    expect((await runData(token, 'D00301')).status).toBe(401);
    const again = await signIn(link.code, link.pin);
    expect([again.status, again.body.msg]).toEqual([410, SHARING_MSG.revoked]);
    const listed = await t.api<TReviewerLink[]>('GET', '/api/v1/auth/reviewer_links', {
      token: t.admin,
      query: { run_id: 'D00301' },
    });
    expect(listed.body.find((l) => l.id === link.id)?.state).toBe('revoked');
  });

  it('expires with the moved clock: sessions end, sign-in says it expired', async () => {
    const link = await makeLink({ days: 2 });
    const token = (await signIn(link.code, link.pin)).body.access_token;
    try {
      await moveClock(DAY_MS);
      expect((await runData(token, 'D00301')).status).toBe(200);
      await moveClock(2 * DAY_MS + 1000);
      expect((await runData(token, 'D00301')).status).toBe(401);
      const late = await signIn(link.code, link.pin);
      expect([late.status, late.body.msg]).toEqual([410, SHARING_MSG.expired]);
    } finally {
      await moveClock(0);
    }
  });

  it('refuses more than a year, and runs without a catalogue entry', async () => {
    const long = await t.api('POST', '/api/v1/auth/reviewer_links', {
      token: t.admin,
      body: { run_ids: ['D00301'], days: 366 },
    });
    expect(long.status).toBe(400);
    const missing = await t.api('POST', '/api/v1/auth/reviewer_links', {
      token: t.admin,
      body: { run_ids: ['D09999'] },
    });
    expect(missing.status).toBe(404);
  });

  it('a wrong PIN is refused like a wrong code, and guesses are throttled (last: it holds this address)', async () => {
    const link = await makeLink();
    const wrongPin = await signIn(link.code, link.pin === '00000000' ? '11111111' : '00000000');
    const wrongCode = await signIn('A'.repeat(20), link.pin);
    expect([wrongPin.status, wrongCode.status]).toEqual([401, 401]);
    expect(wrongPin.body.msg).toBe(SHARING_MSG.wrongCodeOrPin);
    let last = 0;
    for (let i = 0; i < 10 && last !== 429; i++) last = (await signIn(link.code, '99999999')).status;
    expect(last).toBe(429);
    // Even the right pair waits once the address is throttled.
    expect((await signIn(link.code, link.pin)).status).toBe(429);
  });
});

describe('public link expiry and revoke', () => {
  it('a public run’s link expires at its time (moved clock) and can be revoked; live links are listed', async () => {
    const runs = createRuns(t.infra);
    const future = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const set = await t.api('PUT', '/api/v1/run_db/public_link', {
      token: t.admin,
      body: { run_id: 'D00303', expires_at: future },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const live = await t.api<{ run_id: string; public: boolean; reviewer_links: number }[]>(
      'GET',
      '/api/v1/run_db/live_links',
      { token: t.admin },
    );
    expect(live.body).toContainEqual(expect.objectContaining({ run_id: 'D00303', public: true }));
    expect(live.body.find((r) => r.run_id === 'D00301')?.reviewer_links).toBeGreaterThan(0);
    const link = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: t.admin,
      body: { run_id: 'D00303' },
    });
    const visitor = (await t.api<{ access_token: string }>('GET', '/api/v1/auth/log_into_public')).body.access_token;
    const open = () => t.api('GET', '/api/v1/genes/data', { token: visitor, query: { encoded: link.body.encoded } });
    expect((await open()).status).toBe(200);
    expect(await runs.publicLinks.sweep(Date.now() + DAY_MS)).toEqual([]);
    expect(await runs.publicLinks.sweep(Date.now() + 3 * DAY_MS + 1000)).toEqual(['D00303']);
    expect((await open()).status).toBe(404);

    await t.api('PUT', '/api/v1/run_db/public_link', { token: t.admin, body: { run_id: 'D00303', expires_at: null } });
    await runs.records.setPublic('D00303', true);
    const revoked = await t.api('DELETE', '/api/v1/run_db/public_link', {
      token: t.admin,
      query: { run_id: 'D00303' },
    });
    expect([revoked.status, revoked.body.public]).toEqual([200, false]);
    const again = await t.api('DELETE', '/api/v1/run_db/public_link', { token: t.admin, query: { run_id: 'D00303' } });
    expect(again.status).toBe(409);
  });
});

describe('share notices', () => {
  it('members are mailed when a run is given to their group, unless they opted out', async () => {
    await buildGroup(t, 'lab-n');
    const member = await buildUser(t, 'n-member', ['user', 'lab-n']);
    const quiet = await t.api('PUT', '/api/v1/auth/share_notices', {
      token: await buildUser(t, 'n-quiet', ['user', 'lab-n']),
      body: { enabled: false },
    });
    expect(quiet.status).toBe(200);
    expect((await t.api('GET', '/api/v1/auth/share_notices', { token: member })).body).toEqual({ enabled: true });
    const saved = await t.api('POST', '/api/v1/run_db/save_run', {
      token: t.admin,
      body: runRecord('D00302', 'lab-n'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const notices = readOutbox(t.infra.dataDir).filter(
      (m) => m.subject === 'Atlas Portal: run D00302 shared with lab-n',
    );
    expect(notices.map((m) => m.text.match(/Username: (\S+)/)?.[1])).toEqual(['n-member']);
  });
});
