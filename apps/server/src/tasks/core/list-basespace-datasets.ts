import { z } from 'zod';
import { BASESPACE_PAGE_SIZE, type TBasespaceListing } from '@atlas/contracts';
import { dataBucket } from '../../config.js';
import { defineTask, parseInput } from '../registry.js';
import { createBasespace } from './transfers/basespace.js';
import { existing, runIdOfPath, sequencingKey } from './transfers/outputs.js';

// The first page when no offset is given.
const ZArgs = z.preprocess(
  (args) => (Array.isArray(args) && args.length === 0 ? [0] : args),
  z.tuple([z.coerce.number().int().min(0)]),
);

/**
 * core.list_basespace_datasets (spec 03 §2.9, §7): one page of the account's BaseSpace datasets, newest first,
 * with each dataset's files, where each goes in storage (`data/{run}/fastq/{name}`, the run id taken from the
 * dataset's name) and whether it is there already. Admin only: it speaks for the lab's BaseSpace account.
 */
export const listBasespaceDatasets = defineTask({
  name: 'core.list_basespace_datasets',
  queue: 'atxcloud_core',
  idempotent: true,
  description: 'Lists a page of the BaseSpace datasets of the configured account, with their files.',
  access: 'admin',
  target: 'transfer',
  argSpecs: [
    {
      name: 'offset',
      positional: true,
      value: 0,
      type: 'number',
      caption: 'Offset',
      description: 'First dataset of the page.',
    },
  ],
  parse: (args) => parseInput(ZArgs, args, 'args'),
  touches: () => ({}),
  run: async ([offset], { deps }): Promise<TBasespaceListing> => {
    const basespace = createBasespace(deps.config);
    const page = await basespace.datasets(offset, BASESPACE_PAGE_SIZE);
    const items = await Promise.all(
      page.Items.map(async (dataset) => {
        const runId = runIdOfPath(dataset.Name) ?? '';
        const files = await basespace.files(dataset.Id, dataset.Name);
        return { dataset, runId, files };
      }),
    );
    const bucket = dataBucket(deps.config);
    const keyOf = (runId: string, name: string) => (runId ? sequencingKey('data', runId, name) : '');
    const present = await existing(
      deps.storage,
      bucket,
      items.flatMap(({ runId, files }) => (runId ? files.map((f) => keyOf(runId, f.Name)) : [])),
    );
    return {
      Items: items.map(({ dataset, runId, files }) => ({
        ...dataset,
        run_id: runId,
        file_downloads: files.map((file) => ({
          href: file.Href,
          name: file.Name,
          size: file.Size,
          outpath: keyOf(runId, file.Name),
          output_exists: present.has(keyOf(runId, file.Name)),
        })),
      })),
      Paging: page.Paging,
    };
  },
});
