import { GENES_MSG, type Identity } from '@atlas/contracts';
import { HttpError, notFound } from '../../http/errors.js';
import { openLink } from '../catalogue/service.js';
import { viewerOf } from '../catalogue/service.js';
import type { CatalogueStore, Viewer } from '../catalogue/store.js';
import type { RunLinkClaims } from '../catalogue/public-link.js';
import type { WebFolder } from './store.js';

export interface RunAccess extends WebFolder {
  runId: string;
  /** Set when the read was authorised by a public link (its file paths are the link's). */
  link?: RunLinkClaims;
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/**
 * Per-run access of the run-data routes and the public tasks (route access is 'public'; this decides the run):
 * an `encoded` public link names its run and its files; otherwise `run_id` must be a run the caller may see
 * (admin; member of the run's group; or a public run, also for public sessions). Anything else is a 404 with
 * the same message as a missing run, so private run ids are not revealed.
 */
export function createRunAccess(deps: { catalogue: CatalogueStore; secret: string; dataBucket: string }) {
  return {
    async resolve(identity: Identity, ref: { run_id?: string; encoded?: string }): Promise<RunAccess> {
      if (ref.encoded) {
        const link = await openLink(deps.secret, ref.encoded);
        const runId = link.meta.run_id;
        if (ref.run_id && ref.run_id !== runId) throw notFound(GENES_MSG.runNotFound(ref.run_id));
        if (!(await deps.catalogue.runVisibility(runId))) throw notFound(GENES_MSG.runNotFound(runId));
        const folder = link.data.data.slice(0, link.data.data.lastIndexOf('/') + 1);
        return { runId, bucket: link.data.bucket, folder, link };
      }
      if (!ref.run_id) throw new HttpError(400, GENES_MSG.needRunOrLink);
      return this.forViewer(viewerOf(identity), ref.run_id);
    },

    async forViewer(viewer: Viewer, runId: string): Promise<RunAccess> {
      const run = await deps.catalogue.findRunForLink(viewer, runId);
      if (!run) throw notFound(GENES_MSG.runNotFound(runId));
      const folder = withSlash(run.web_obj_path ?? `${withSlash(run.results_folder_path)}h5/`);
      return { runId, bucket: deps.dataBucket, folder };
    },
  };
}

export type RunAccessService = ReturnType<typeof createRunAccess>;
