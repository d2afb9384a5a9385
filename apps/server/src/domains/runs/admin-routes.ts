import type { FastifyInstance } from 'fastify';
import { callerOf, mayUseRun, runAdminCalls as c, sharingCalls as s, type Identity } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { Runs } from './index.js';
import { createRunAdmin, type FileStorage, type SharedWithGroup } from './admin-service.js';
import { PUBLIC_SWEEP_EVERY_MS } from './public-link-expiry.js';

const actorOf = (identity: Identity) => (identity.kind === 'user' ? identity.username : null);

export interface RunAdminDeps {
  files: FileStorage;
  /** Tells a group's members that a run was shared with their group (auth's share notices). */
  notices: { notify(event: SharedWithGroup, actor: string | null): Promise<void> };
  /** How many live reviewer links open each run (auth's reviewer links). */
  liveReviewerLinks(): Promise<Map<string, number>>;
}

/** The Admin Panel's run tools (contracts/catalogue/admin-calls.ts): admins only, every change audited. */
export function registerRunAdminRoutes(app: FastifyInstance, runs: Runs, deps: RunAdminDeps): void {
  const admin = createRunAdmin(runs, deps.files, deps.notices);
  route(app, c.getRunDetails, ({ query }) => admin.details(query.run_id));
  route(app, c.saveRun, ({ body, identity }) => admin.saveRun(body, actorOf(identity)));
  route(app, c.getFileTypes, () => runs.store.fileTypes());
  route(app, c.saveRunFiles, ({ body, identity }) => admin.saveFiles(body, actorOf(identity)));
  route(app, c.getStudies, () => runs.store.studies());
  route(app, c.saveStudy, ({ body, identity }) => admin.saveStudy(body, actorOf(identity)));
  route(app, c.addFieldOption, ({ body, identity }) => admin.addLookup(body.list, body.value, actorOf(identity)));
  route(app, c.removeFieldOption, ({ body, identity }) => admin.removeLookup(body.list, body.value, actorOf(identity)));
  registerPublicLinkRoutes(app, runs, deps);
}

/** The expiry and revoke of public links, and which runs have live links (issue 35). */
function registerPublicLinkRoutes(app: FastifyInstance, runs: Runs, deps: RunAdminDeps): void {
  const links = runs.publicLinks;
  route(app, s.getPublicLink, ({ query }) => links.get(query.run_id, Date.now()));
  route(app, s.setPublicLinkExpiry, ({ body, identity }) =>
    links.setExpiry(body.run_id, body.expires_at, actorOf(identity), Date.now()),
  );
  route(app, s.revokePublicLink, ({ query, identity }) => links.revoke(query.run_id, actorOf(identity), Date.now()));
  route(app, s.listLiveLinks, async ({ identity }) => {
    await links.sweep(Date.now());
    const [open, reviewers] = await Promise.all([links.livePublic(), deps.liveReviewerLinks()]);
    const rows = new Map(open.map((row) => [row.run_id, { ...row, public: true, reviewer_links: 0 }]));
    for (const [run_id, n] of reviewers)
      rows.set(run_id, { ...(rows.get(run_id) ?? { run_id, public_until: null, public: false }), reviewer_links: n });
    // Lab staff see the links of the runs they may see, never another group's run ids.
    const caller = callerOf(identity);
    const states = await runs.store.runStates([...rows.keys()]);
    return [...rows.values()]
      .filter((row) => states.has(row.run_id) && mayUseRun(caller, 'read', row.run_id, states.get(row.run_id)))
      .sort((a, b) => a.run_id.localeCompare(b.run_id));
  });
  // Expired public links close within a sweep interval even when nobody looks at the admin pages.
  const timer = setInterval(() => {
    links.sweep(Date.now()).catch((error: unknown) => app.log.error({ err: error }, 'public link sweep failed'));
  }, PUBLIC_SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
