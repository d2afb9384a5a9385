/**
 * Which run a storage key belongs to (issue "One owner for runs"): everything under `data/{run}/` in any bucket
 * (inputs, web files, images, spatial folders, tracks) and the run's front-page image `frontpage/{run}.png`.
 * Other keys (QC folders, barcode lists, reference genomes) belong to no run.
 */
// Declared once in contracts (the import CLI reads it from there before loading the server).
export { RUN_ID } from '@atlas/contracts/run-id';

const RUN_KEY = /^data\/(D[0-9]{5,})\//;
const FRONTPAGE_KEY = /^frontpage\/(D[0-9]{5,})\.png$/;

/** The run a key belongs to, or null. Keys are checked by `checkKey` first, so `.`/`..`/`//` tricks never reach here. */
export function runOfKey(key: string): string | null {
  return RUN_KEY.exec(key)?.[1] ?? FRONTPAGE_KEY.exec(key)?.[1] ?? null;
}

/** `data/D00001/h5/obj` (spec's aws_path, with or without a trailing slash) → the web folder `data/D00001/h5/`. */
export function webFolderOfObjPath(awsPath: string): string | null {
  const trimmed = awsPath.replace(/\/+$/, '');
  if (!/(^|\/)h5\/obj$/.test(trimmed)) return null;
  return trimmed.slice(0, -'obj'.length);
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/** A run's web folder (DESIGN §5, §6): its web_obj_path, or `{results folder}h5/`. */
export const webFolderOf = (run: { web_obj_path: string | null; results_folder_path: string }): string =>
  withSlash(run.web_obj_path ?? `${withSlash(run.results_folder_path)}h5/`);
