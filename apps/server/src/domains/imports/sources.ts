import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GENES_MSG } from '@atlas/contracts/genes/messages';
import { ImportError } from './errors.js';
import type { ImportSource, SourceFolder } from './prepare.js';

/**
 * A local file or folder (the CLI) as an import source. Folders are listed, not read: prepareImport reads only
 * the files it needs, so a Space Ranger outs/ with its BAM and cloupe files costs nothing extra.
 */
export async function sourceFromPath(target: string): Promise<ImportSource> {
  const stat = await fs.stat(target).catch(() => null);
  if (!stat) throw new ImportError(GENES_MSG.importSourceMissing(target), 404);
  if (stat.isFile())
    return { kind: 'file', name: path.basename(target), bytes: new Uint8Array(await fs.readFile(target)) };
  const root = path.resolve(target);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  const folder: SourceFolder = {
    label: target.replace(/\/+$/, ''),
    names,
    read: async (name) => new Uint8Array(await fs.readFile(path.join(root, name))),
    size: (name) => statSync(path.join(root, name), { throwIfNoEntry: false })?.size,
  };
  return { kind: 'folder', folder };
}

/** A folder as a Zarr store's files (with their sizes, when the folder knows them). */
export function zarrFilesOf(folder: SourceFolder) {
  const known = new Set(folder.names);
  return {
    keys: folder.names,
    read: async (key: string) => (known.has(key) ? folder.read(key) : undefined),
    ...(folder.size && { size: (key: string) => (known.has(key) ? folder.size!(key) : undefined) }),
  };
}
