import { useMemo, useRef, useState, type RefObject } from 'react';
import { LAB_MSG, labCalls } from '@atlas/contracts';
import { ApiError, callApi } from '../../api/client';
import { useSnackbar } from '../../app/feedback';
import { useSession } from '../../app/session';
import { useInvalidateLab } from './api';
import { planQcUpload, type QcUploadPlan } from './qcUpload';
import { UploadCancelled, uploadStorageFile, type UploadHandle } from './uploadFile';

/** Files uploaded at the same time. */
const PARALLEL_UPLOADS = 3;

export interface PickedFile {
  path: string;
  size: number;
  file: File;
}
export interface ItemState {
  progress: number;
  error?: string;
  finished?: boolean;
  cancelled?: boolean;
}
export type Phase = 'idle' | 'checking' | 'uploading' | 'finished';

/**
 * The QC upload's state and its steps (spec 02 §4.2, §5): pick files, check that no folder has a QC entry yet,
 * upload the files three at a time, then create one QC entry per folder. `input` is the directory picker,
 * emptied so the same directory can be picked again.
 */
export function useQcUpload(input: RefObject<HTMLInputElement | null>, onUploaded: () => void) {
  const { token } = useSession();
  const showSnack = useSnackbar();
  const invalidate = useInvalidateLab();
  const handles = useRef<UploadHandle[]>([]);
  const cancelledRef = useRef(false);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [items, setItems] = useState<Record<string, ItemState>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const plan = useMemo(() => planQcUpload(files), [files]);

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };
  const reset = () => {
    setFiles([]);
    setItems({});
    setPhase('idle');
    setProblem(null);
    clearInput();
  };

  const addFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const picked = Array.from(list, (file) => ({ path: file.webkitRelativePath || file.name, size: file.size, file }));
    setFiles((prev) => {
      const byPath = new Map(prev.map((f) => [f.path, f]));
      for (const f of picked) byPath.set(f.path, f);
      return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
    });
    setItems({});
    setPhase('idle');
    setProblem(null);
    clearInput();
  };

  const setItem = (key: string, patch: ItemState) =>
    setItems((prev) => ({ ...prev, [key]: { ...prev[key], ...patch } }));

  /** Spec 02 §5: every folder id is looked up first; any existing entry rejects the whole upload. */
  const noEntriesYet = async () => {
    try {
      const existing = await callApi(labCalls.getQc, { query: { id: plan.ids.join(',') } });
      if (existing.length === 0) return true;
      showSnack(LAB_MSG.qcEntriesExist, { color: 'error' });
      setProblem(`${LAB_MSG.qcEntriesExist}: ${existing.map((r) => String(r.id)).join(', ')}`);
    } catch (error) {
      setProblem((error as Error).message);
    }
    setPhase('idle');
    return false;
  };

  /** Uploads the plan's files, PARALLEL_UPLOADS at a time; resolves with the number that failed. */
  const uploadFiles = async (queue: QcUploadPlan<PickedFile>['items']) => {
    let failures = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (cancelledRef.current) {
          setItem(next.key, { progress: 0, cancelled: true });
          continue;
        }
        const { key } = next;
        // No folder of this upload has a QC entry (checked first), so files already under it are what a cancelled
        // or failed attempt left: they are replaced, and retrying the same directory works.
        const handle = uploadStorageFile(
          token,
          next.file.file,
          key,
          { remarks: '', qc_dir: next.id },
          (progress) => setItem(key, { progress }),
          { overwrite: true },
        );
        handles.current.push(handle);
        try {
          await handle.done;
          setItem(key, { progress: 100, finished: true });
        } catch (error) {
          failures += 1;
          if (error instanceof UploadCancelled) setItem(key, { progress: 0, cancelled: true });
          else setItem(key, { progress: 0, error: (error as Error).message });
        } finally {
          handles.current = handles.current.filter((h) => h !== handle);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    return failures;
  };

  const upload = async () => {
    setProblem(null);
    setPhase('checking');
    cancelledRef.current = false;
    if (!(await noEntriesYet())) return;
    setPhase('uploading');
    setItems(Object.fromEntries(plan.items.map((i) => [i.key, { progress: 0 }])));
    const failures = await uploadFiles([...plan.items]);
    if (cancelledRef.current) {
      setPhase('finished');
      return;
    }
    if (failures > 0) {
      setProblem(LAB_MSG.qcUploadFailed(failures));
      setPhase('finished');
      return;
    }
    const failed = await createQcEntries(plan.ids, () => cancelledRef.current);
    await invalidate();
    setPhase('finished');
    // Cancelled while the entries were being made: those made stay (their files are stored), and no success is
    // claimed after 'Uploads Cancelled.'.
    if (cancelledRef.current) return;
    if (failed.length) {
      setProblem(failed.join('\n'));
      return;
    }
    showSnack(LAB_MSG.qcUploaded(plan.ids.length), { color: 'success' });
    onUploaded();
  };

  const cancelAll = () => {
    cancelledRef.current = true;
    for (const h of handles.current) h.abort();
    showSnack(LAB_MSG.uploadsCancelled, { color: 'info' });
  };

  return { files, plan, phase, items, problem, addFiles, reset, upload, cancelAll };
}

/**
 * Spec 02 §4.2: one QC entry per folder once its files are stored; resolves with the folders that failed. Stops
 * before the next folder once the uploads are cancelled.
 */
async function createQcEntries(ids: readonly string[], cancelled: () => boolean): Promise<string[]> {
  const failed: string[] = [];
  for (const id of ids) {
    if (cancelled()) break;
    try {
      await callApi(labCalls.qcEntry, { query: { qc_dir: id } });
    } catch (error) {
      failed.push(`${id}: ${error instanceof ApiError ? error.message : String(error)}`);
    }
  }
  return failed;
}
