import {
  LAB_MSG,
  MSG,
  PRESIGN_DEFAULT_SECONDS,
  type Identity,
  type TListBody,
  type TSpatialRun,
  type TSubFoldersBody,
} from '@atlas/contracts';
import type { Config } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { checkKey, type ObjectStore } from '../../infra/storage/index.js';
import type { Downloads, Signer } from '../downloads/index.js';
import { callerOf, runOfKey, type Caller, type Runs } from '../runs/index.js';

/** One object the caller named, checked: a configured bucket, a valid key, and a key this caller may see. */
export interface StorageTarget {
  bucket: string;
  key: string;
}

const isAdmin = (caller: Caller) => caller.kind === 'admin';
/** A run's spatial folder (spec 03 §2.4) and the metadata file it should hold. */
const SPATIAL_FOLDER = 'spatial/';
const SPATIAL_METADATA = `${SPATIAL_FOLDER}metadata.json`;
/** Existence checks in flight at once for the Analytics run list (one request each on S3). */
const HEADS_AT_ONCE = 16;

/**
 * The rules of the storage calls (spec 02 §7.2) over the runs domain's visibility: every key is resolved to its run
 * and checked, listings leave out what the caller may not see, and a refused key is a 404 exactly like a missing
 * one. Routes stay thin: they parse, call one of these, and shape the answer.
 */
export type LabStorageService = ReturnType<typeof createLabStorageService>;

export function createLabStorageService(deps: {
  storage: ObjectStore;
  config: Pick<Config, 'buckets'>;
  runs: Runs;
  downloads: Downloads;
}) {
  const { storage, config, runs, downloads } = deps;

  /** A configured bucket and a valid key (404 / 400 otherwise), not yet checked against the caller. */
  function target(bucket: string, key: string): StorageTarget {
    if (!config.buckets.includes(bucket)) throw new HttpError(404, LAB_MSG.bucketUnknown(bucket));
    try {
      checkKey(key);
    } catch (error) {
      throw new HttpError(400, LAB_MSG.keyInvalid((error as Error).message));
    }
    return { bucket, key };
  }

  return {
    target,

    /** A key this identity may read, or null when it may not. */
    async visible(identity: Identity, bucket: string, key: string): Promise<StorageTarget | null> {
      const checked = target(bucket, key);
      return (await runs.objects.allows(callerOf(identity), 'read', [checked])) ? checked : null;
    },

    /** A key this identity may read: 404 with the not-found message when it may not (no existence oracle). */
    async readable(identity: Identity, bucket: string, key: string): Promise<StorageTarget> {
      const checked = await this.visible(identity, bucket, key);
      if (!checked) throw new HttpError(404, MSG.notFound);
      return checked;
    },

    /** Keys under a path the caller may see, filtered by ending, sorted; false on a storage failure (spec). */
    async list(identity: Identity, body: TListBody): Promise<string[] | false> {
      if (!config.buckets.includes(body.bucket)) return false;
      const endings = body.filter.map((f) => f.toLowerCase());
      let keys: string[];
      try {
        const listed = await storage.list(body.bucket, { prefix: body.path, delimiter: body.delimiter || undefined });
        keys = listed.objects.map((o) => o.key);
        if (!body.only_files) keys.push(...listed.prefixes);
      } catch {
        return false;
      }
      const matching = keys.filter((k) => endings.length === 0 || endings.some((e) => k.toLowerCase().endsWith(e)));
      const caller = callerOf(identity);
      const visible =
        caller.kind === 'public'
          ? await runs.objects.publicRunKeys(matching)
          : await runs.objects.visibleKeys(caller, matching);
      return visible.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    },

    /** Folder prefixes one level below a prefix, without those of runs the caller may not see. */
    async subFolders(identity: Identity, body: TSubFoldersBody): Promise<string[]> {
      if (!config.buckets.includes(body.bucket_name)) throw new HttpError(404, LAB_MSG.bucketUnknown(body.bucket_name));
      const listed = await storage.list(body.bucket_name, { prefix: body.prefix, delimiter: body.delimiter });
      return runs.objects.visibleKeys(callerOf(identity), listed.prefixes);
    },

    /**
     * Runs with a spatial folder (`data/{run}/spatial/`) the caller may see, for Atlas Analytics, each saying
     * whether the folder has its metadata.json (imports before it was written, and folders copied by hand, lack
     * it). The run folders come from one delimited listing of `data/` (never every key under it), are filtered by
     * the runs domain, and each is asked for its metadata file, and without one for a first key of its spatial
     * folder, a few runs at a time.
     */
    async spatialRuns(identity: Identity, bucket: string): Promise<TSpatialRun[]> {
      if (!config.buckets.includes(bucket)) throw new HttpError(404, LAB_MSG.bucketUnknown(bucket));
      const listed = await storage.list(bucket, { prefix: 'data/', delimiter: '/' });
      const folders = await runs.objects.visibleKeys(callerOf(identity), listed.prefixes);
      const spatialRun = async (folder: string): Promise<TSpatialRun | null> => {
        const run_id = folder.slice('data/'.length, -1);
        if (await storage.exists(bucket, `${folder}${SPATIAL_METADATA}`)) return { run_id, has_metadata: true };
        const spatial = await storage.list(bucket, { prefix: `${folder}${SPATIAL_FOLDER}`, maxKeys: 1 });
        return spatial.objects.length ? { run_id, has_metadata: false } : null;
      };
      const found: TSpatialRun[] = [];
      for (let i = 0; i < folders.length; i += HEADS_AT_ONCE) {
        const batch = await Promise.all(folders.slice(i, i + HEADS_AT_ONCE).map(spatialRun));
        for (const run of batch) if (run) found.push(run);
      }
      return found.sort((a, b) => a.run_id.localeCompare(b.run_id, undefined, { numeric: true }));
    },

    /**
     * A signed URL: GET only for an object that exists and that the caller may see (404 otherwise, alike), for at
     * most an hour unless an admin asks for longer; PUT for admins only. A GET URL is a download link: it opens only
     * while the key's run stays visible to the caller (domains/downloads), however long it was asked for.
     */
    async presign(
      signer: Signer,
      request: { bucket: string; key: string; method: 'GET' | 'PUT'; expires: number; origin: string },
    ): Promise<string> {
      const caller = callerOf(signer.identity);
      if (request.method === 'PUT' && !isAdmin(caller)) throw new HttpError(403, MSG.forbidden);
      if (request.expires > PRESIGN_DEFAULT_SECONDS && !isAdmin(caller))
        throw new HttpError(400, LAB_MSG.presignTooLong(PRESIGN_DEFAULT_SECONDS));
      const checked = target(request.bucket, request.key);
      if (request.method === 'PUT') {
        return storage.presign(checked.bucket, checked.key, {
          method: 'PUT',
          expiresInSeconds: request.expires,
          origin: request.origin,
        });
      }
      const holder = await downloads.holderOf(signer);
      if (
        !holder ||
        !(await runs.objects.allows(caller, 'read', [checked])) ||
        !(await storage.exists(checked.bucket, checked.key))
      ) {
        throw new HttpError(404, MSG.notFound);
      }
      const link = { ...checked, run: runOfKey(checked.key) };
      return (await downloads.url(holder, link, { origin: request.origin, seconds: request.expires })).url;
    },
  };
}
