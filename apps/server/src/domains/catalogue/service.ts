import {
  callerOf,
  CATALOGUE_MSG,
  DOWNLOAD_LINK_SECONDS,
  type Identity,
  type LinkAudience,
  type TCatalogueRun,
  type TFilesByRun,
  type TPublicRunMeta,
  type TRunLinkData,
} from '@atlas/contracts';
import { HttpError, notFound } from '../../http/errors.js';
import { checkBucket, checkKey, InvalidKeyError, type ObjectStore } from '../../infra/storage/index.js';
import type { Downloads, Signer } from '../downloads/index.js';
import { mayUseRun, sealRunLink, webFolderOf, type Caller, type RunForLink, type Runs } from '../runs/index.js';
import type { ThumbnailSigner } from './thumbnails.js';

export interface CatalogueDeps {
  runs: Runs;
  storage: ObjectStore;
  thumbnails: ThumbnailSigner;
  /** Signs public run links. */
  secret: string;
  /** The bucket of run data, web files and front-page thumbnails (the first configured bucket). */
  dataBucket: string;
  downloads: Downloads;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

export function createCatalogueService(deps: CatalogueDeps) {
  const { runs, storage, thumbnails } = deps;
  const store = runs.store;

  return {
    async listRuns(caller: Caller, options: { publicOnly?: boolean } = {}): Promise<TCatalogueRun[]> {
      const now = Date.now();
      const rows = await store.listRuns(caller, options);
      return rows.map((row) => ({
        ...row,
        public: row.public ? 1 : 0,
        thumbnail: thumbnails.url(row.run_id, row.public, now),
      }));
    },

    async filesByRun(caller: Caller): Promise<TFilesByRun> {
      const byRun: TFilesByRun = {};
      for (const { run_id, ...file } of await store.listFiles(caller)) (byRun[run_id] ??= []).push(file);
      return byRun;
    },

    /**
     * A download link for a registered downloadable file of a visible run, never for any other path. It lives
     * DOWNLOAD_LINK_SECONDS and opens only while the run stays visible to the caller (domains/downloads).
     */
    async presign(
      signer: Signer,
      bucket: string,
      path: string,
      origin: string,
    ): Promise<{ url: string; expires_at: number }> {
      const file = await store.findVisibleFile(callerOf(signer.identity), bucket, path);
      const holder = file && (await deps.downloads.holderOf(signer));
      if (!file || !holder) throw notFound(CATALOGUE_MSG.fileNotDownloadable);
      try {
        checkBucket(bucket);
        checkKey(path);
      } catch (error) {
        if (error instanceof InvalidKeyError) throw new HttpError(422, error.message);
        throw error;
      }
      const target = { bucket, key: path, run: file.run_id };
      const { url, expiresAt } = await deps.downloads.url(holder, target, { origin, seconds: DOWNLOAD_LINK_SECONDS });
      return { url, expires_at: expiresAt };
    },

    /**
     * Seals a public link to a public run the caller may see. A private run has no public link: a link opens only
     * while its run is public (runs/run-access.ts), so one made now would not open.
     */
    async encodeLink(
      caller: Caller,
      runId: string,
      audience: LinkAudience | 'reviewer' = 'public',
    ): Promise<{ encoded: string; expires_at: number }> {
      const run = await store.findRunForLink(caller, runId);
      if (!run) throw notFound(CATALOGUE_MSG.runNotFound(runId));
      // A reviewer's link opens only to a caller who may read the run anyway (as a group link): its own session.
      const groupOnly = audience === 'group' || audience === 'reviewer';
      // A group link is the group's own handle on its run: only the run's group (and admins) may make one.
      if (audience === 'group' && !mayUseRun(caller, 'write', runId, run))
        throw new HttpError(403, CATALOGUE_MSG.linkGroupOnly);
      if (!groupOnly && !run.public) throw new HttpError(409, CATALOGUE_MSG.linkPrivateRun(runId));
      const { data, regulons } = await linkData(run);
      const meta: TPublicRunMeta = {
        run_id: run.run_id,
        species: run.species,
        tissue: run.organ,
        assay: run.assay,
        regulons_flag: regulons,
      };
      return sealRunLink(deps.secret, {
        results_id: run.results_id,
        data,
        meta,
        ...(groupOnly ? { group_only: true } : {}),
      });
    },

    /** The public metadata of a link; 400 when tampered, 410 when expired, 404 when the run is gone or private. */
    async decodeMeta(identity: Identity, encoded: string): Promise<TPublicRunMeta & { expires_at: number }> {
      const claims = await runs.access.openLink(encoded, identity);
      return { ...claims.meta, expires_at: claims.expires_at };
    },
  };

  /** The web files of a run (DESIGN §5, §6): `{web object folder}` = web_obj_path or `{results folder}h5/`. */
  async function linkData(run: RunForLink): Promise<{ data: TRunLinkData; regulons: boolean }> {
    const folder = webFolderOf(run);
    const transcriptome = run.assay.toLowerCase() === 'transcriptome';
    const eregulonNames = `${folder}eRegulonNames.txt.gz`;
    const regulons = !transcriptome && (await storage.exists(deps.dataBucket, eregulonNames).catch(() => false));
    return {
      regulons,
      data: {
        bucket: deps.dataBucket,
        data: `${folder}data.csv.gz`,
        gene_names: `${folder}geneNames.txt.gz`,
        motif_names: transcriptome ? null : `${folder}motifNames.txt.gz`,
        eregulon_names: regulons ? eregulonNames : null,
        genes_h5ad: `${folder}obj/genes.h5ad`,
        motifs_h5ad: transcriptome ? null : `${folder}obj/motifs.h5ad`,
        motifs_csv: transcriptome ? null : `${folder}obj/motifs.csv`,
      },
    };
  }
}
