/**
 * The catalogue's search rules (spec 01 §5): the text is lower-cased; a text that begins with a digit is a
 * publication id search; letters followed by a digit match the run id taken from the folder path
 * (case-insensitive, exact); anything else is an author search; an empty text restores the full list.
 */
export type SearchMode =
  | { mode: 'all' }
  | { mode: 'publication'; text: string }
  | { mode: 'run'; text: string }
  | { mode: 'author'; text: string };

export const SEARCH_MAX_CHARS = 200;

export function searchMode(raw: string): SearchMode {
  const text = raw.trim().toLowerCase();
  if (!text) return { mode: 'all' };
  if (/^[0-9]/.test(text)) return { mode: 'publication', text };
  if (/^[a-z]+[0-9]/.test(text)) return { mode: 'run', text };
  return { mode: 'author', text };
}

/** The run id of a results folder path (`…data/{run_id}/…`), or null when the path has no such segment. */
export function runIdFromFolderPath(path: string): string | null {
  const match = /(?:^|\/)data\/([^/]+)\//.exec(path);
  return match ? match[1]! : null;
}

/** Run-id search: the run id of the folder path equals the text, ignoring case. */
export function matchesRunId(folderPath: string, text: string): boolean {
  const runId = runIdFromFolderPath(folderPath);
  return runId !== null && runId.toLowerCase() === text.trim().toLowerCase();
}
