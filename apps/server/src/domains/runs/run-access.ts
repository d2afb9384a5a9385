import { callerOf, CATALOGUE_MSG, GENES_MSG, mayUseRun, type Caller, type Identity } from '@atlas/contracts';
import { HttpError, notFound } from '../../http/errors.js';
import { webFolderOf } from './keys.js';
import { openRunLink, RunLinkError, type RunLinkClaims } from './public-link.js';
import type { RunFacts } from './run-facts.js';

/** Where a run's web files are: a bucket and the folder (`data/D00001/h5/`). */
export interface WebFolder {
  bucket: string;
  folder: string;
}

export interface RunAccess extends WebFolder {
  runId: string;
  /** The run's species (its genome's key for the track browser). */
  species: string;
  /** Set when the read was authorised by a public link (its file paths are the link's). */
  link?: RunLinkClaims;
}

/**
 * Per-run access of the run-data routes and the public tasks: an `encoded` public link names its run and its files
 * and is re-checked on every use (a run made private closes its links at once); otherwise `run_id` must be a run the
 * caller may read by mayUseRun (@atlas/contracts). Anything else is a 404 with the same message as a missing run, so
 * private run ids are not revealed.
 */
export function createRunAccess(deps: { facts: RunFacts; secret: string; dataBucket: string }) {
  return {
    async resolve(identity: Identity, ref: { run_id?: string; encoded?: string }): Promise<RunAccess> {
      if (ref.encoded) {
        const link = await this.openLink(ref.encoded, identity);
        const runId = link.meta.run_id;
        if (ref.run_id && ref.run_id !== runId) throw notFound(GENES_MSG.runNotFound(ref.run_id));
        const folder = link.data.data.slice(0, link.data.data.lastIndexOf('/') + 1);
        return { runId, species: link.meta.species, bucket: link.data.bucket, folder, link };
      }
      if (!ref.run_id) throw new HttpError(400, GENES_MSG.needRunOrLink);
      return this.forCaller(callerOf(identity), ref.run_id);
    },

    /** The web folder of a run whose data this caller may read. */
    async forCaller(caller: Caller, runId: string): Promise<RunAccess> {
      const run = await deps.facts(runId);
      if (!run || !mayUseRun(caller, 'read', runId, { public: run.public, group: run.group })) {
        throw notFound(GENES_MSG.runNotFound(runId));
      }
      return { runId, species: run.species, bucket: deps.dataBucket, folder: webFolderOf(run) };
    },

    /**
     * Opens a link and checks it against its run now: a public link while the run is public, a group link while
     * `identity` may read the run itself (it never opens a run to anyone else). 400 when tampered, 410 when
     * expired, 404 when the run is gone or not open to this holder.
     */
    async openLink(encoded: string, identity: Identity): Promise<RunLinkClaims> {
      let link: RunLinkClaims;
      try {
        link = await openRunLink(deps.secret, encoded);
      } catch (error) {
        if (error instanceof RunLinkError) {
          throw error.reason === 'expired'
            ? new HttpError(410, CATALOGUE_MSG.linkExpired)
            : new HttpError(400, CATALOGUE_MSG.linkInvalid);
        }
        throw error;
      }
      const runId = link.meta.run_id;
      const state = await deps.facts(runId);
      const holder: Caller = link.group_only ? callerOf(identity) : { kind: 'link', runId };
      if (!state || !mayUseRun(holder, 'read', runId, state)) throw notFound(GENES_MSG.runNotFound(runId));
      return link;
    },
  };
}
