import { TRANSFER_MSG, type TNovogeneItem } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { defineTask, parseInput } from '../registry.js';
import {
  checkBatchRoot,
  folderNames,
  isMd5List,
  openFtp,
  readMd5Lists,
  walkFiles,
  ZFtpLogin,
} from './transfers/ftp.js';
import { existing, runIdOfPath, sequencingKey, ZStorageRoot } from './transfers/outputs.js';
import { z } from 'zod';

const ZKwargs = ZFtpLogin.extend({
  batch_root: z.string().trim().default('/'),
  storage_root: ZStorageRoot,
});

/** The Novogene form's defaults (spec 03 §2.8 "The form loads task defaults"); port 21 per spec 03 §9. */
export const novogeneLoginSpecs = [
  {
    name: 'host',
    value: 'usftp21.novogene.com',
    type: 'string',
    caption: 'FTP host',
    description: 'Novogene FTP server.',
  },
  { name: 'port', value: 21, type: 'number', caption: 'Port', description: 'FTP port.' },
  {
    name: 'username',
    value: '',
    type: 'string',
    caption: 'Username (batch id)',
    description: 'The batch id Novogene sent, e.g. X202SC23012345-Z01-F001.',
  },
  { name: 'password', value: '', type: 'password', caption: 'Password', description: 'The batch password.' },
];

/**
 * core.list_novogene_batch (spec 03 §2.8, §7): walks a Novogene batch on its FTP server and lists the sequencing
 * files of every run it names, with their size, where each goes in storage, whether that object exists, and
 * the checksum from the batch's MD5 lists. A root that is not on the server, or holds no run's files, fails
 * naming it and what is there. Admin only: it logs into an outside server.
 */
export const listNovogeneBatch = defineTask({
  name: 'core.list_novogene_batch',
  queue: 'atxcloud_core',
  idempotent: true,
  description: 'Lists the sequencing files of a Novogene FTP batch, by run.',
  access: 'admin',
  target: 'transfer',
  argSpecs: [
    ...novogeneLoginSpecs,
    {
      name: 'batch_root',
      value: '/',
      type: 'string',
      caption: 'FTP batch root directory',
      description: 'Folder of the batch on the FTP server.',
    },
    {
      name: 'storage_root',
      value: 'data',
      type: 'string',
      caption: 'Storage root directory',
      description: 'Files go to {root}/{run}/fastq/.',
    },
  ],
  parse: (_args, kwargs) => parseInput(ZKwargs, kwargs, 'kwargs'),
  touches: () => ({}),
  run: async (input, { deps }): Promise<{ items: TNovogeneItem[] }> => {
    const client = await openFtp(input);
    try {
      await checkBatchRoot(client, input.batch_root);
      const files = await walkFiles(client, input.batch_root);
      const sums = await readMd5Lists(client, files);
      const items = files.flatMap((file) => {
        const runId = runIdOfPath(file.path);
        if (!runId || isMd5List(file.path)) return [];
        const outputKey = sequencingKey(input.storage_root, runId, file.path);
        return [{ file, runId, outputKey, md5: sums.get(file.path) ?? null }];
      });
      if (items.length === 0)
        throw new Error(TRANSFER_MSG.ftpBatchRootEmpty(input.batch_root, await folderNames(client, input.batch_root)));
      const bucket = dataBucket(deps.config);
      const present = await existing(
        deps.storage,
        bucket,
        items.map((i) => i.outputKey),
      );
      return {
        items: items.map(({ file, runId, outputKey, md5 }) => ({
          source_filename: file.path,
          run_id: runId,
          size: file.size,
          output_key: outputKey,
          output_exists: present.has(outputKey),
          md5,
        })),
      };
    } finally {
      client.close();
    }
  },
});
