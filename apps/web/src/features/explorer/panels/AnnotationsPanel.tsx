/**
 * Shared annotations (lower panel): the open run's named tixel sets, seen by everyone who may see the run and
 * changed by its group. Save the current lasso/quad selection as one; show annotations as the plots' colouring;
 * select one's tixels; export one as CSV; rank set A against set B (or the rest) with the selection ranking task.
 * A public link's viewer (no ranking given) sees them read-only: colour by, select and export.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import SelectAll from '@mui/icons-material/SelectAll';
import { ANNOTATION_MSG } from '@atlas/contracts';
import { useConfirm, useSnackbar } from '../../../app/feedback';
import { downloadBlob } from '../../../components/download';
import {
  fetchAnnotationTixels,
  useAnnotationChanges,
  useAnnotations,
  useMayAnnotate,
  type Annotation,
} from '../data/annotations';
import { useRunData } from '../data/runData';
import { AnnotationDialog, type AnnotationDraft } from '../dialogs/AnnotationDialog';
import type { SelectionRanking } from '../plots/useSelectionRanking';
import { useExplorer } from '../state/store';
import { annotationCsv } from './annotationCsv';

const REST = '__rest__';

export function AnnotationsPanel({ ranking }: { ranking?: SelectionRanking }) {
  const s = useExplorer(
    useShallow((st) => ({ run: st.run, selection: st.selection, annotationIds: st.annotationIds, patch: st.patch })),
  );
  const runId = s.run?.run_id ?? null;
  const list = useAnnotations(s.run);
  const data = useRunData(s.run).data;
  const changes = useAnnotationChanges(runId);
  const mayAnnotate = useMayAnnotate(runId);
  // A reader of another group's public run is never offered a save the server would refuse.
  const readOnly = mayAnnotate !== null && !mayAnnotate.allowed;
  const showSnack = useSnackbar();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Annotation | 'new' | null>(null);
  const [setA, setSetA] = useState('');
  const [setB, setSetB] = useState(REST);
  const annotations = list.data ?? [];
  const byId = (id: string) => annotations.find((a) => a.id === id);

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
  const rank = reporting(async () => {
    const a = byId(setA);
    if (!a) return;
    const b = setB === REST ? null : byId(setB);
    ranking?.rankSets(await withTixels(a), b ? await withTixels(b) : null);
  });

  if (!s.run) return null;
  return (
    <Box data-testid="annotations-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        {ranking && readOnly ? (
          <Typography variant="caption" color="text.secondary" data-testid="annotations-read-only">
            {ANNOTATION_MSG.readOnlyForOthers(mayAnnotate.group)}
          </Typography>
        ) : ranking ? (
          <>
            <Tooltip title={s.selection ? '' : ANNOTATION_MSG.noSelection}>
              <span>
                <Button variant="contained" size="small" disabled={!s.selection} onClick={() => setEditing('new')}>
                  Save selection as annotation
                </Button>
              </span>
            </Tooltip>
            <Typography variant="caption" color="text.secondary">
              Annotations are shared with everyone who may see this run; its group may change them.
            </Typography>
          </>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {ANNOTATION_MSG.readOnlyForLink}
          </Typography>
        )}
      </Stack>
      {list.error ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : list.isLoading ? (
        <Typography variant="body2">Loading annotations…</Typography>
      ) : annotations.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="annotations-empty">
          {ranking && !readOnly
            ? 'No annotations yet. Select tixels with the lasso or quad tool and save them here.'
            : 'This run has no annotations.'}
        </Typography>
      ) : (
        <>
          <Table size="small" aria-label="Annotations">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                  Colour by
                </TableCell>
                <TableCell>Name</TableCell>
                <TableCell align="right">Tixels</TableCell>
                <TableCell>Note</TableCell>
                <TableCell>By</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {annotations.map((a) => (
                <TableRow key={a.id} data-testid="annotation-row" data-name={a.name}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={s.annotationIds.includes(a.id)}
                      onChange={() => toggleShown(a.id)}
                      slotProps={{ input: { 'aria-label': `Colour by ${a.name}` } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-block',
                        width: 12,
                        height: 12,
                        mr: 1,
                        bgcolor: a.color,
                        borderRadius: 0.5,
                      }}
                    />
                    {a.name}
                  </TableCell>
                  <TableCell align="right">{a.tixel_count.toLocaleString()}</TableCell>
                  <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-wrap' }}>{a.note}</TableCell>
                  <TableCell>{a.updated_by ?? a.created_by}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Select its tixels">
                      <IconButton size="small" aria-label={`Select ${a.name}`} onClick={() => select(a)}>
                        <SelectAll fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Export CSV">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Export ${a.name} as CSV`}
                          disabled={!data}
                          onClick={() => download(a)}
                        >
                          <Download fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    {a.editable && (
                      <>
                        <Tooltip title="Edit">
                          <IconButton size="small" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)}>
                            <Edit fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton size="small" aria-label={`Delete ${a.name}`} onClick={() => void remove(a)}>
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {ranking && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5 }}>
              <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
                Rank features:
              </Typography>
              <TextField
                select
                size="small"
                label="Set A"
                value={setA}
                onChange={(e) => setSetA(e.target.value)}
                sx={{ width: 220 }}
              >
                {annotations.map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {a.name}
                  </MenuItem>
                ))}
              </TextField>
              <Typography variant="body2">vs</Typography>
              <TextField
                select
                size="small"
                label="Set B"
                value={setB}
                onChange={(e) => setSetB(e.target.value)}
                sx={{ width: 220 }}
              >
                <MenuItem value={REST}>The rest</MenuItem>
                {annotations
                  .filter((a) => a.id !== setA)
                  .map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.name}
                    </MenuItem>
                  ))}
              </TextField>
              <Button size="small" variant="outlined" disabled={!setA || ranking.running} onClick={rank}>
                Rank
              </Button>
            </Stack>
          )}
        </>
      )}
      <AnnotationDialog
        open={editing !== null}
        initial={editing === 'new' || editing === null ? null : editing}
        count={editing === 'new' ? (s.selection?.length ?? 0) : editing ? editing.tixel_count : 0}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </Box>
  );
}
