import type { FastifyInstance } from 'fastify';
import {
  ANNOTATION_MSG,
  annotationCalls as a,
  callerOf,
  compactSelection,
  type Identity,
  type TAnnotation,
  type TAnnotationRead,
} from '@atlas/contracts';
import { conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { MissingWebFileError, type RunDataStore } from '../genes/index.js';
import type { Runs } from '../runs/index.js';
import { createAnnotations, type Annotations } from './service.js';

/** An annotation's tixels as the caller asked: the spec's list, or the shorter of list and bitset. */
const inForm = (annotation: TAnnotation, form: 'list' | 'compact'): TAnnotationRead =>
  form === 'compact' ? { ...annotation, tixels: compactSelection(annotation.tixels) } : annotation;

/** /api/v1/annotations and /api/v1/cluster_colors: thin routes over ./service.ts, which asks the runs domain who may see and change a run. */
export function registerAnnotationRoutes(
  app: FastifyInstance,
  infra: Pick<Infra, 'db'>,
  runs: Runs,
  runData: RunDataStore,
): Annotations {
  // A run's tixels are the rows of its data.csv, parsed once and shared with the explorer's reads (genes domain).
  const tixelCount = async (identity: Identity, runId: string) => {
    const web = await runs.access.forCaller(callerOf(identity), runId);
    try {
      return (await runData.data(web)).clusters.length;
    } catch (error) {
      if (error instanceof MissingWebFileError) throw conflict(ANNOTATION_MSG.noTixelTable(runId));
      throw error;
    }
  };
  const annotations = createAnnotations({ db: infra.db, runs, tixelCount });
  route(app, a.listAnnotations, ({ query, identity }) => annotations.list(identity, query.run_id));
  route(app, a.listPublicAnnotations, ({ query, identity }) => annotations.listByLink(identity, query.encoded));
  route(app, a.getAnnotation, async ({ params, query, identity }) =>
    inForm(await annotations.get(identity, params.id), query.form),
  );
  route(app, a.getPublicAnnotation, async ({ params, query, identity }) =>
    inForm(await annotations.getByLink(identity, query.encoded, params.id), query.form),
  );
  route(app, a.createAnnotation, ({ body, identity }) => annotations.create(identity, body));
  route(app, a.updateAnnotation, ({ params, body, identity }) => annotations.update(identity, params.id, body));
  route(app, a.deleteAnnotation, ({ params, identity }) => annotations.remove(identity, params.id));
  route(app, a.getClusterColours, ({ query, identity }) => annotations.clusterColours(identity, query.run_id));
  route(app, a.putClusterColours, ({ body, identity }) => annotations.putClusterColours(identity, body));
  // Handed to the domains that read a run's annotations for a caller (exports), so they ask the same rule.
  return annotations;
}
