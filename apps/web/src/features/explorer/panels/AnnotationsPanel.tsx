/**
 * Shared annotations (lower panel): the open run's named tixel sets, seen by everyone who may see the run and
 * changed by its group. Save the current lasso/quad selection as one; show annotations as the plots' colouring;
 * select one's tixels; export one as CSV; rank set A against set B (or the rest) with the selection ranking task.
 * A public link's viewer (no ranking given) sees them read-only: colour by, select and export.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAnnotations, useMayAnnotate } from '../data/annotations';
import { useRunData } from '../data/runData';
import { AnnotationDialog } from '../dialogs/AnnotationDialog';
import type { SelectionRanking } from '../plots/useSelectionRanking';
import { useExplorer } from '../state/store';
import { AnnotationsHeader } from './AnnotationsHeader';
import { AnnotationsTable } from './AnnotationsTable';
import { ExportMenu } from './ExportMenu';
import { ReclusterButton } from './ReclusterButton';
import { RankAnnotationSets, REST } from './RankAnnotationSets';
import { useAnnotationActions } from './useAnnotationActions';
import { useObservationNoun } from '../data/cellOutlines';

export function AnnotationsPanel({ ranking }: { ranking?: SelectionRanking }) {
  const noun = useObservationNoun();
  const s = useExplorer(
    useShallow((st) => ({ run: st.run, selection: st.selection, annotationIds: st.annotationIds, patch: st.patch })),
  );
  const runId = s.run?.run_id ?? null;
  const list = useAnnotations(s.run);
  const data = useRunData(s.run).data;
  const mayAnnotate = useMayAnnotate(runId);
  // A reader of another group's public run is never offered a save the server would refuse.
  const readOnly = mayAnnotate !== null && !mayAnnotate.allowed;
  const actions = useAnnotationActions(s, data, ranking);
  const { editing, setEditing } = actions;
  const [setA, setSetA] = useState('');
  const [setB, setSetB] = useState(REST);
  const annotations = list.data ?? [];

  if (!s.run) return null;
  return (
    <Box data-testid="annotations-panel">
      <AnnotationsHeader
        access={!ranking ? 'link' : readOnly ? 'read' : 'change'}
        group={mayAnnotate?.group ?? null}
        hasSelection={Boolean(s.selection)}
        onSaveSelection={() => setEditing('new')}
      />
      {ranking && runId && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {!readOnly && (
            <ReclusterButton
              runId={runId}
              selection={s.selection}
              annotations={annotations}
              onDone={(ids) => s.patch({ annotationIds: ids, highlightedClusters: [] })}
            />
          )}
          <ExportMenu runId={runId} selection={s.selection} annotations={annotations} />
        </Box>
      )}
      {list.error ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : list.isLoading ? (
        <Typography variant="body2">Loading annotations…</Typography>
      ) : annotations.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="annotations-empty">
          {ranking && !readOnly
            ? `No annotations yet. Select ${noun} with the lasso or quad tool and save them here.`
            : 'This run has no annotations.'}
        </Typography>
      ) : (
        <>
          <AnnotationsTable
            annotations={annotations}
            shownIds={s.annotationIds}
            canExport={Boolean(data)}
            onToggleShown={actions.toggleShown}
            onSelect={actions.select}
            onExport={actions.download}
            onEdit={setEditing}
            onDelete={(a) => void actions.remove(a)}
          />
          {ranking && (
            <RankAnnotationSets
              annotations={annotations}
              setA={setA}
              setB={setB}
              onSetA={setSetA}
              onSetB={setSetB}
              running={ranking.running}
              onRank={actions.rank}
            />
          )}
        </>
      )}
      <AnnotationDialog
        open={editing !== null}
        initial={editing === 'new' || editing === null ? null : editing}
        count={editing === 'new' ? (s.selection?.length ?? 0) : editing ? editing.tixel_count : 0}
        onSave={actions.save}
        onClose={() => setEditing(null)}
      />
    </Box>
  );
}
