import { LAB_MSG, LAB_RAW_PATHS, type LabKind, type TImportResult } from '@atlas/contracts';
import { batchInProgress, describeImport, importHasNotes } from './uploadLogic';
import { xhrUpload } from '../../api/xhrUpload';

/**
 * The metadata upload state shared by the File menu, the information viewers and the progress card
 * (spec 02 §3 "Upload item", §4.2). Kept outside React so any screen can open the dialog and the card
 * survives navigation; LabUploadHost renders it.
 */
export interface UploadItem {
  id: number;
  file: File;
  output_filename: string;
  meta: { remarks: string };
  meta_type: LabKind;
  progress: number;
  error: string | null;
  cancelled: boolean;
  finished: boolean;
  /** The server's summary of a finished import, or the error. */
  message: string | null;
  /** A finished import that reported duplicates or warnings. */
  notes: boolean;
}

export interface UploadState {
  /** The open upload dialog's preselected kind, or null when closed. */
  dialogKind: LabKind | null;
  /** Bumps on every opening, so the dialog starts empty each time. */
  dialogSeq: number;
  items: UploadItem[];
  cardOpen: boolean;
  /** Set once anything asked for the uploader; the shell mounts the host only then. */
  used: boolean;
}

let state: UploadState = { dialogKind: null, dialogSeq: 0, items: [], cardOpen: false, used: false };
const listeners = new Set<() => void>();
const aborts = new Map<number, () => void>();
let nextId = 1;

function set(patch: Partial<UploadState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}
function patchItem(id: number, patch: Partial<UploadItem>): void {
  set({ items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) });
}

export const uploadStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: (): UploadState => state,
};

/** Opens the metadata CSV upload dialog with a kind preselected. */
export function openMetadataUpload(kind: LabKind): void {
  set({ dialogKind: kind, dialogSeq: state.dialogSeq + 1, used: true });
}

export function closeMetadataUpload(): void {
  set({ dialogKind: null });
}

export interface UploadEntry {
  file: File;
  remarks: string;
}

/**
 * Starts one upload per file (multipart: file, meta JSON, output_filename) and shows the card. A new batch
 * replaces a finished one; while one runs, the new files join it. `onSettled` runs after each upload ends.
 */
export function startUploads(kind: LabKind, entries: UploadEntry[], token: string | null, onSettled: () => void): void {
  const keep = batchInProgress(state.items) ? state.items : [];
  const added: UploadItem[] = entries.map(({ file, remarks }) => ({
    id: nextId++,
    file,
    output_filename: file.name,
    meta: { remarks },
    meta_type: kind,
    progress: 0,
    error: null,
    cancelled: false,
    finished: false,
    message: null,
    notes: false,
  }));
  set({ items: [...keep, ...added], cardOpen: true, used: true });
  for (const item of added) void runUpload(item, token, onSettled);
}

async function runUpload(item: UploadItem, token: string | null, onSettled: () => void): Promise<void> {
  const form = new FormData();
  form.append('meta', JSON.stringify(item.meta));
  form.append('output_filename', item.output_filename);
  form.append('file', item.file, item.file.name);
  const upload = xhrUpload(LAB_RAW_PATHS.upload(item.meta_type), form, token, (progress) =>
    patchItem(item.id, { progress }),
  );
  aborts.set(item.id, upload.abort);
  try {
    const { status, body } = await upload.promise;
    if (status >= 200 && status < 300) {
      const result = body as TImportResult;
      patchItem(item.id, {
        progress: 100,
        finished: true,
        message: describeImport(result),
        notes: importHasNotes(result),
      });
    } else {
      const msg = (body as { msg?: string } | undefined)?.msg ?? `Upload failed (HTTP ${status}).`;
      patchItem(item.id, { error: msg, message: msg });
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError')
      patchItem(item.id, { cancelled: true, message: LAB_MSG.uploadCancelled });
    else patchItem(item.id, { error: (error as Error).message, message: (error as Error).message });
  } finally {
    aborts.delete(item.id);
    onSettled();
  }
}

/** Aborts every running upload; each becomes 'Upload Cancelled.'. */
export function cancelAllUploads(): void {
  for (const abort of [...aborts.values()]) abort();
}

export function closeUploadCard(): void {
  set({ cardOpen: false });
}
