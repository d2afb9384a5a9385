/** A study as Group Runs edits it. */
export interface StudyDraft {
  description: string;
  type: string;
  runs: string[];
}

/** Runs to add and to remove, and whether anything differs from the original (spec 03 §4 Study). */
export function studyChanges(original: StudyDraft, current: StudyDraft) {
  const runs_to_add = current.runs.filter((r) => !original.runs.includes(r));
  const runs_to_remove = original.runs.filter((r) => !current.runs.includes(r));
  const changed =
    runs_to_add.length > 0 ||
    runs_to_remove.length > 0 ||
    current.description.trim() !== original.description.trim() ||
    current.type !== original.type;
  return { runs_to_add, runs_to_remove, changed };
}
