/**
 * What the annotations panel does to annotations: save (new from the selection, or an edit), delete, show as the
 * plots' colouring, select their tixels, export as CSV and rank one set against another. Failures are said in
 * the snackbar, except a save's: the dialog shows that one.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ANNOTATION_MSG } from '@atlas/contracts';
import { useConfirm, useSnackbar } from '../../../app/feedback';
import { downloadBlob } from '../../../components/download';
import { fetchAnnotationTixels, useAnnotationChanges, type Annotation } from '../data/annotations';
import type { RunData } from '../data/runData';
import type { AnnotationDraft } from '../dialogs/AnnotationDialog';
import type { SelectionRanking } from '../plots/useSelectionRanking';
import type { ExplorerActions, ExplorerState } from '../state/store';
import { annotationCsv } from './annotationCsv';

/** The part of the explorer's state the panel reads and changes. */
export type AnnotationsState = Pick<ExplorerState, 'run' | 'selection' | 'annotationIds'> &
  Pick<ExplorerActions, 'patch'>;

export function useAnnotationActions(
  s: AnnotationsState,
  data: RunData | undefined,
  ranking: SelectionRanking | undefined,
) {
  const changes = useAnnotationChanges(s.run?.run_id ?? null);
  const showSnack = useSnackbar();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Annotation | 'new' | null>(null);

  // A refusal (name taken, not the run's group) rejects: the dialog stays open and shows the server's message.
  const save = async (draft: AnnotationDraft) => {
    if (editing === 'new') await changes.create.mutateAsync({ ...draft, tixels: s.selection ?? [] });
    else if (editing) await changes.update.mutateAsync({ id: editing.id, ...draft });
    showSnack(ANNOTATION_MSG.saved(draft.name), { color: 'success' });
    setEditing(null);
  };
  const remove = async (a: Annotation) => {
    if (!(await confirm({ title: 'Delete annotation', message: `Delete ${a.name} for everyone in the group?` })))
      return;
    try {
      await changes.remove.mutateAsync(a.id);
      s.patch({ annotationIds: s.annotationIds.filter((id) => id !== a.id) });
      showSnack(ANNOTATION_MSG.deleted(a.name));
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    }
  };
  const toggleShown = (id: string) =>
    s.patch({
      annotationIds: s.annotationIds.includes(id) ? s.annotationIds.filter((x) => x !== id) : [...s.annotationIds, id],
      highlightedClusters: [],
    });
  /** An annotation's tixels (lists carry none), fetched once per version; a failure is said in the snackbar. */
  const withTixels = async (a: Annotation) => ({ ...a, tixels: await fetchAnnotationTixels(client, s.run, a) });
  const reporting = (work: () => Promise<void>) => () =>
    void work().catch((error: unknown) => showSnack((error as Error).message, { color: 'error' }));
  const select = (a: Annotation) => reporting(async () => s.patch({ selection: (await withTixels(a)).tixels }))();
  const download = (a: Annotation) =>
    reporting(async () => {
      if (!data) return;
      downloadBlob(
        new Blob([annotationCsv(await withTixels(a), data)], { type: 'text/csv' }),
        `${a.run_id}_${a.name.replace(/[^\w.-]+/g, '_')}.csv`,
      );
    })();
  const rank = (a: Annotation, b: Annotation | null) =>
    reporting(async () => {
      ranking?.rankSets(await withTixels(a), b ? await withTixels(b) : null);
    })();
  return { editing, setEditing, save, remove, toggleShown, select, download, rank };
}
