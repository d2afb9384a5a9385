import path from 'node:path';
import { Writable } from 'node:stream';
import { Client, FileType, FTPError } from 'basic-ftp';
import { z } from 'zod';
import { TRANSFER_MSG } from '@atlas/contracts';

/** FTP login fields of the Novogene form and tasks (spec 03 §2.8; default port 21, spec 03 §9). */
export const ZFtpLogin = z.object({
  host: z.string().trim().min(1, 'Must not be empty').max(255),
  port: z.coerce.number().int().min(1).max(65535).default(21),
  username: z.string().min(1, 'Must not be empty').max(255),
  password: z.string().max(1024).default(''),
});
export type FtpLogin = z.infer<typeof ZFtpLogin>;

const TIMEOUT_MS = 30_000;

/** An FTP error as the user reads it: the server's reply or the network problem. */
export const ftpProblem = (error: unknown) =>
  TRANSFER_MSG.ftpFailed(error instanceof Error ? error.message : String(error));

export async function openFtp(login: FtpLogin): Promise<Client> {
  const client = new Client(TIMEOUT_MS);
  try {
    await client.access({ host: login.host, port: login.port, user: login.username, password: login.password });
    return client;
  } catch (error) {
    client.close();
    throw new Error(ftpProblem(error), { cause: error });
  }
}

/** Whether `file` is still on the server: a 550 to SIZE says it is not; any other failure is thrown. */
export async function stillThere(client: Client, file: string): Promise<boolean> {
  try {
    await client.size(file);
    return true;
  } catch (error) {
    if (error instanceof FTPError && error.code === 550) return false;
    throw new Error(ftpProblem(error), { cause: error });
  }
}

/**
 * Cuts a transfer that has received nothing for `ms` (closing its client, which ends the transfer with an error),
 * so that a file that stopped coming — gone from the server, or a server that hangs — is looked at within
 * seconds, not at the client's 30 s timeout. `alive` is called for each chunk.
 */
export function watchForStall(client: Client, ms: number) {
  let stalled = false;
  const cut = () => {
    stalled = true;
    client.close();
  };
  let timer = setTimeout(cut, ms);
  return {
    get stalled() {
      return stalled;
    },
    alive() {
      clearTimeout(timer);
      timer = setTimeout(cut, ms);
    },
    stop: () => clearTimeout(timer),
  };
}

/** The names in a folder, in order; none when it cannot be listed. */
export async function folderNames(client: Client, dir: string): Promise<string[]> {
  const entries = await client.list(dir).catch(() => []);
  return entries
    .map((entry) => entry.name)
    .filter((name) => name !== '.' && name !== '..')
    .sort();
}

/** Throws, naming the folder and what its parent holds, when a batch root is not a folder of the server. */
export async function checkBatchRoot(client: Client, root: string): Promise<void> {
  try {
    await client.cd(root);
  } catch (error) {
    const parent = path.posix.dirname(path.posix.normalize(root));
    throw new Error(TRANSFER_MSG.ftpBatchRootMissing(root, parent, await folderNames(client, parent)), {
      cause: error,
    });
  }
}

export interface RemoteFile {
  /** Absolute path on the server. */
  path: string;
  size: number;
}

/** Folders deeper than this under the batch root are not visited (a batch is a few levels deep). */
const MAX_DEPTH = 8;
const MAX_FILES = 20_000;

/** Every file under `root`, depth first, in name order. */
export async function walkFiles(client: Client, root: string): Promise<RemoteFile[]> {
  const files: RemoteFile[] = [];
  const visit = async (dir: string, depth: number): Promise<void> => {
    const entries = (await client.list(dir)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name === '.' || entry.name === '..') continue;
      const full = path.posix.join(dir, entry.name);
      if (entry.type === FileType.Directory && depth < MAX_DEPTH) await visit(full, depth + 1);
      else if (entry.type === FileType.File && files.length < MAX_FILES) files.push({ path: full, size: entry.size });
    }
  };
  await visit(root, 0);
  return files;
}

/** MD5 lists of a Novogene batch: `MD5.txt`, `md5sum.txt`, … */
export const isMd5List = (file: string) => /^md5[^/]*\.txt$/i.test(path.posix.basename(file));

/** Lines `hash  name` (md5sum format, `*` for binary mode), names relative to the list's folder → absolute paths. */
export function parseMd5List(listPath: string, text: string): Map<string, string> {
  const dir = path.posix.dirname(listPath);
  const sums = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([0-9a-fA-F]{32})\s+\*?(.+?)\s*$/.exec(line);
    if (match) sums.set(path.posix.normalize(path.posix.join(dir, match[2]!)), match[1]!.toLowerCase());
  }
  return sums;
}

const MD5_LIST_MAX_BYTES = 4 * 1024 * 1024;

/** Reads a small text file (an MD5 list) into memory, refusing one past a few MB. */
export async function readSmallFile(client: Client, file: string): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > MD5_LIST_MAX_BYTES) return callback(new Error(`${file} is larger than ${MD5_LIST_MAX_BYTES} bytes`));
      chunks.push(chunk);
      callback();
    },
  });
  await client.downloadTo(sink, file);
  return Buffer.concat(chunks).toString('utf8');
}

/** The MD5 sums of every list among these files. */
export async function readMd5Lists(client: Client, files: readonly RemoteFile[]): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const list of files.filter((f) => isMd5List(f.path)))
    for (const [file, md5] of parseMd5List(list.path, await readSmallFile(client, list.path))) sums.set(file, md5);
  return sums;
}
