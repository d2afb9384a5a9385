import type { FastifyInstance } from 'fastify';
import { runAdminCalls as c, type Identity } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { Runs } from './index.js';
import { createRunAdmin, type FileStorage } from './admin-service.js';

const actorOf = (identity: Identity) => (identity.kind === 'user' ? identity.username : null);

/** The Admin Panel's run tools (contracts/catalogue/admin-calls.ts): admins only, every change audited. */
export function registerRunAdminRoutes(app: FastifyInstance, runs: Runs, files: FileStorage): void {
  const admin = createRunAdmin(runs, files);
  route(app, c.getRunDetails, ({ query }) => admin.details(query.run_id));
  route(app, c.saveRun, ({ body, identity }) => admin.saveRun(body, actorOf(identity)));
  route(app, c.getFileTypes, () => runs.store.fileTypes());
  route(app, c.saveRunFiles, ({ body, identity }) => admin.saveFiles(body, actorOf(identity)));
  route(app, c.getStudies, () => runs.store.studies());
  route(app, c.saveStudy, ({ body, identity }) => admin.saveStudy(body, actorOf(identity)));
  route(app, c.addFieldOption, ({ body, identity }) => admin.addLookup(body.list, body.value, actorOf(identity)));
  route(app, c.removeFieldOption, ({ body, identity }) => admin.removeLookup(body.list, body.value, actorOf(identity)));
}
