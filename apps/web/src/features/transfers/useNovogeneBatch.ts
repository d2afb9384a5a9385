import { useCallback, useState } from 'react';
import { TRANSFER_MSG, ZNovogeneListing, type TNovogeneItem, type TTaskState } from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { postTask, runTaskToEnd } from '../../api/tasks';
import { basename, ftpLogin, type NovogeneForm } from './novogeneForm';

export const NOVOGENE_LIST_TASK = 'core.list_novogene_batch';
const DOWNLOAD_TASK = 'core.download_from_ftp_to_s3';

/**
 * A Novogene batch: listing its files (a task run to its end) and one download task per file, with the files
 * whose last download failed (they may be tried again).
 */
export function useNovogeneBatch() {
  const [items, setItems] = useState<TNovogeneItem[] | null>(null);
  const [listing, setListing] = useState(false);
  /** The listing task while it runs: waiting behind downloads on the same queue shows its position. */
  const [listState, setListState] = useState<TTaskState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tasks, setTasks] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const snack = useSnackbar();

  const list = async (form: NovogeneForm) => {
    setListing(true);
    setError(null);
    try {
      const result = await runTaskToEnd(
        NOVOGENE_LIST_TASK,
        'atxcloud_core',
        [],
        { ...ftpLogin(form), batch_root: form.batch_root, storage_root: form.storage_root },
        { onState: setListState },
      );
      setItems(ZNovogeneListing.parse(result).items);
      snack(TRANSFER_MSG.batchRetrieved, { color: 'success' });
    } catch (e) {
      setItems(null);
      setError((e as Error).message);
      snack(TRANSFER_MSG.batchError, { color: 'error' });
    } finally {
      setListing(false);
      setListState(null);
    }
  };

  const download = async (form: NovogeneForm, item: TNovogeneItem) => {
    try {
      const state = await postTask(DOWNLOAD_TASK, 'atxcloud_core', [], {
        ...ftpLogin(form),
        source: item.source_filename,
        output_key: item.output_key,
        md5: item.md5 ?? '',
        run_id: item.run_id,
        description: `Novogene ${form.username.trim()}: ${basename(item.source_filename)}`,
      });
      setTasks((current) => ({ ...current, [item.source_filename]: state._id }));
      setFailed((current) => new Set([...current].filter((f) => f !== item.source_filename)));
    } catch (e) {
      snack(`${TRANSFER_MSG.taskInfoError}: ${(e as Error).message}`, { color: 'error' });
    }
  };

  const ended = useCallback(
    (item: TNovogeneItem, state: TTaskState) => {
      if (state.status === 'SUCCESS') {
        snack(TRANSFER_MSG.workerFinished, { color: 'success' });
        setItems(
          (current) =>
            current?.map((i) => (i.source_filename === item.source_filename ? { ...i, output_exists: true } : i)) ??
            null,
        );
      } else {
        snack(state.error ?? 'Worker failed', { color: 'error' });
        setFailed((current) => new Set([...current, item.source_filename]));
      }
    },
    [snack],
  );

  const reset = () => {
    setItems(null);
    setError(null);
    setTasks({});
    setFailed(new Set());
  };

  return { items, listing, listState, error, tasks, failed, list, download, ended, reset };
}
