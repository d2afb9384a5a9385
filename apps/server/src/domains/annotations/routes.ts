import type { FastifyInstance } from 'fastify';
import { annotationCalls as a } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import type { Runs } from '../runs/index.js';
import { createAnnotations } from './service.js';

/** /api/v1/annotations and /api/v1/cluster_colors: thin routes over ./service.ts, which asks the runs domain who may see and change a run. */
export function registerAnnotationRoutes(app: FastifyInstance, infra: Pick<Infra, 'db'>, runs: Runs): void {
  const annotations = createAnnotations({ db: infra.db, runs });
  route(app, a.listAnnotations, ({ query, identity }) => annotations.list(identity, query.run_id));
  route(app, a.listPublicAnnotations, ({ query, identity }) => annotations.listByLink(identity, query.encoded));
  route(app, a.createAnnotation, ({ body, identity }) => annotations.create(identity, body));
  route(app, a.updateAnnotation, ({ params, body, identity }) => annotations.update(identity, params.id, body));
  route(app, a.deleteAnnotation, ({ params, identity }) => annotations.remove(identity, params.id));
  route(app, a.getClusterColours, ({ query, identity }) => annotations.clusterColours(identity, query.run_id));
  route(app, a.putClusterColours, ({ body, identity }) => annotations.putClusterColours(identity, body));
}
