import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import History from '@mui/icons-material/History';
import Lock from '@mui/icons-material/Lock';
import Save from '@mui/icons-material/Save';
import { LAB_MSG, type LabKind } from '@atlas/contracts';
import { useConfirm, useSnackbar } from '../../app/feedback';
import { HistoryDialog } from './HistoryDialog';
import { KIND_INFO } from './labKinds';
import { useDeleteRecord, useSaveRecord } from './queries';
import {
  canSave,
  detailsTitle,
  duplicateDraft,
  emptyDraft,
  keyProblem,
  newFieldProblem,
  showValue,
  toDraft,
  toRecord,
  withoutId,
  type Draft,
  type LabRecord,
} from './recordLogic';

type DetailsMode = 'view' | 'edit' | 'duplicate' | 'new';
export interface DetailsTarget {
  record: LabRecord;
  mode: DetailsMode;
}

interface EditorState {
  /** The stored record being edited; without `_id` for a new or duplicated one (a duplicate keeps its value types). */
  source: LabRecord;
  original: Draft;
  draft: Draft;
  editing: boolean;
}

function initialState(kind: LabKind, { record, mode }: DetailsTarget): EditorState {
  if (mode === 'new') {
    const blank = emptyDraft(kind, record);
    return { source: {}, original: blank, draft: blank, editing: true };
  }
  const original = toDraft(kind, record);
  if (mode === 'duplicate')
    return { source: withoutId(record), original, draft: duplicateDraft(kind, original), editing: true };
  return { source: record, original, draft: original, editing: mode === 'edit' };
}

/**
 * The detail editor of spec 02 §2.4 / §4.1: '{Chip|Wafer|DBiT} Details - {first field value}', every field but `_id`
 * a text field, read-only until Edit. Save is enabled only after a change and with a non-empty key; Duplicate (read-only
 * mode only) clears the key and `_id`; Delete asks first. Mount it fresh per record (the caller keys it).
 */
export function DetailsDialog({
  kind,
  target,
  onClose,
}: {
  kind: LabKind;
  target: DetailsTarget;
  onClose: () => void;
}) {
  const info = KIND_INFO[kind];
  const [state, setState] = useState<EditorState>(() => initialState(kind, target));
  const [newField, setNewField] = useState('');
  const [newFieldTouched, setNewFieldTouched] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const save = useSaveRecord(kind);
  const remove = useDeleteRecord(kind, info.key);
  const showSnack = useSnackbar();
  const askConfirm = useConfirm();

  const { source, original, draft, editing } = state;
  const stored = typeof source._id === 'string' && source._id !== '';
  // An unsaved record with a key in its source is a duplicate: that key belongs to the record it was copied from.
  const duplicatedKey = stored ? null : showValue(source[info.key]).trim() || null;
  const keyIssue = editing ? keyProblem(kind, draft, duplicatedKey) : null;
  const saveEnabled = canSave(kind, original, draft) && keyIssue === null && !save.isPending;
  const fieldProblem = newFieldProblem(newField, draft);

  const setField = (field: string, value: string) => {
    if (save.isError) save.reset();
    setState((s) => ({ ...s, draft: { ...s.draft, [field]: value } }));
  };

  const onSave = () => {
    save.mutate(
      { record: toRecord(kind, source, draft), create: !stored },
      {
        onSuccess: (result) => {
          const saved = result.records[0] ?? { ...toRecord(kind, source, draft) };
          const next = toDraft(kind, saved);
          setState({ source: saved, original: next, draft: next, editing: false });
          showSnack(LAB_MSG.itemSaved, { color: 'success' });
        },
      },
    );
  };

  const onDelete = async () => {
    const ok = await askConfirm({
      title: `Delete ${info.noun}`,
      message: `Delete ${info.noun} ${draft[info.key] || original[info.key] || ''}? This cannot be undone.`,
      confirmText: 'Delete',
    });
    if (!ok) return;
    remove.mutate(source, {
      onSuccess: () => {
        showSnack(LAB_MSG.itemDeleted, { color: 'success' });
        onClose();
      },
      onError: (error) => showSnack(error.message, { color: 'error', timeoutMs: 5000 }),
    });
  };

  const onDuplicate = () =>
    setState((s) => ({
      source: withoutId(toRecord(kind, s.source, s.draft)),
      original: s.draft,
      draft: duplicateDraft(kind, s.draft),
      editing: true,
    }));

  const addField = () => {
    setNewFieldTouched(true);
    if (fieldProblem) return;
    setField(newField.trim(), '');
    setNewField('');
    setNewFieldTouched(false);
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="lab-details-title" fullWidth maxWidth="sm">
        <DialogTitle id="lab-details-title">{detailsTitle(kind, draft)}</DialogTitle>
        <DialogContent dividers>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 1 }} role="alert">
              {save.error.message}
            </Alert>
          )}
          {!stored && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              New {info.noun.toLowerCase()}: not saved yet.
            </Typography>
          )}
          <Box
            component="form"
            onSubmit={(event) => event.preventDefault()}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 1 }}
          >
            {Object.keys(draft).map((field) => {
              const issue = field === info.key ? keyIssue : null;
              return (
                <TextField
                  key={field}
                  label={field}
                  value={draft[field]}
                  onChange={(event) => setField(field, event.target.value)}
                  size="small"
                  fullWidth
                  required={field === info.key}
                  error={issue !== null}
                  helperText={issue ?? undefined}
                  slotProps={{ input: { readOnly: !editing }, htmlInput: { 'data-field': field } }}
                  variant={editing ? 'outlined' : 'filled'}
                />
              );
            })}
          </Box>
          {editing && (
            <>
              <Divider sx={{ my: 2 }} />
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  label="New field name"
                  value={newField}
                  onChange={(event) => setNewField(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addField();
                    }
                  }}
                  size="small"
                  error={newFieldTouched && fieldProblem !== null}
                  helperText={newFieldTouched ? fieldProblem : undefined}
                  sx={{ flex: 1 }}
                />
                <Button startIcon={<Add />} onClick={addField} sx={{ mt: 0.5 }}>
                  Add Field
                </Button>
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Button startIcon={<History />} onClick={() => setHistoryOpen(true)} disabled={!stored}>
            History
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            color="error"
            startIcon={<Delete />}
            onClick={() => void onDelete()}
            disabled={!stored || remove.isPending}
          >
            Delete
          </Button>
          {!editing && (
            <Button startIcon={<ContentCopy />} onClick={onDuplicate}>
              Duplicate
            </Button>
          )}
          <Button
            startIcon={editing ? <Lock /> : <Edit />}
            onClick={() => setState((s) => ({ ...s, editing: !s.editing }))}
          >
            {editing ? 'Freeze' : 'Edit'}
          </Button>
          <Button variant="contained" startIcon={<Save />} onClick={onSave} disabled={!saveEnabled}>
            Save
          </Button>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {historyOpen && (
        <HistoryDialog kind={kind} recordKey={String(source[info.key] ?? '')} onClose={() => setHistoryOpen(false)} />
      )}
    </>
  );
}
