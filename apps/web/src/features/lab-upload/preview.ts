import { LAB_MSG, LAB_RAW_PATHS, ZImportPreview, type LabKind, type TImportPreview } from '@atlas/contracts';
import { xhrUpload } from '../../api/xhrUpload';

/** A file's dry run as the dialog holds it: being checked (upload percent), its preview, or the server's refusal. */
export type FilePreview =
  | { state: 'checking'; progress: number }
  | { state: 'ready'; preview: TImportPreview }
  | { state: 'refused'; message: string };

/**
 * Sends one CSV with `dry_run=true`: the server reads and checks it and answers what it would create and change,
 * writing nothing (issue 37 item 6). The answer is parsed with the shared schema.
 */
export async function previewCsv(
  kind: LabKind,
  file: File,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<FilePreview> {
  const form = new FormData();
  form.append('meta', JSON.stringify({ remarks: '' }));
  form.append('output_filename', file.name);
  form.append('file', file, file.name);
  try {
    const { status, body } = await xhrUpload(`${LAB_RAW_PATHS.upload(kind)}?dry_run=true`, form, token, onProgress)
      .promise;
    if (status < 200 || status >= 300)
      return {
        state: 'refused',
        message: (body as { msg?: string } | undefined)?.msg ?? LAB_MSG.previewFailed(status),
      };
    const parsed = ZImportPreview.safeParse(body);
    if (!parsed.success) return { state: 'refused', message: LAB_MSG.previewUnreadable };
    return { state: 'ready', preview: parsed.data };
  } catch (error) {
    return { state: 'refused', message: (error as Error).message };
  }
}

/** How one changed value reads in the preview: text as it is, nothing as an em dash, the rest as JSON. */
export function previewValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
