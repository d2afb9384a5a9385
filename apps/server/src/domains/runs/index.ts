import { dataBucket, type Config } from '../../config.js';
import type { Db } from '../../infra/db/index.js';
import { createObjectAccess } from './object-access.js';
import { createPublicLinkExpiry } from './public-link-expiry.js';
import { createRunRecords } from './records.js';
import { createRunAccess } from './run-access.js';
import { createRunFacts } from './run-facts.js';
import { createRunStore } from './store.js';

/**
 * The one owner of runs (issue "One owner for runs"): the run tables (tissues, results, files, studies,
 * publications), the visibility rule, public run links (and their expiry), and which storage keys belong to which run. Other domains
 * and tasks reach runs only through this file.
 */
export function createRuns(deps: { db: Db; config: Pick<Config, 'jwtSecret' | 'buckets'> }) {
  const store = createRunStore(deps.db);
  const facts = createRunFacts(store);
  return {
    store,
    /** A run's catalogue row as of the run tables' version (no visibility applied: decide with mayUseRun). */
    facts,
    records: createRunRecords(deps.db),
    access: createRunAccess({ facts, secret: deps.config.jwtSecret, dataBucket: dataBucket(deps.config) }),
    objects: createObjectAccess(store),
    /** The expiry and revoke of public links (issue 35). */
    publicLinks: createPublicLinkExpiry(deps.db),
  };
}

export type Runs = ReturnType<typeof createRuns>;

export { callerKey, callerOf, mayUseRun, type Caller } from '@atlas/contracts';
export { RUN_ID, runOfKey, webFolderOf, webFolderOfObjPath } from './keys.js';
export { NotVisibleError, type Target } from './object-access.js';
export { sealRunLink } from './public-link.js';
export type { RunAccess, WebFolder } from './run-access.js';
export type { RunForLink } from './store.js';
export type { RunFacts } from './run-facts.js';
export { createRunRecords } from './records.js';
export { runTarget } from './run-edits.js';
export { registerRunAdminRoutes } from './admin-routes.js';
