/** Save or edit a shared annotation: its name, colour and note (the tixels come from the selection). */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANNOTATION_NAME_MAX, ANNOTATION_NOTE_MAX } from '@atlas/contracts';
import { CATEGORY_COLOURS } from '@atlas/viz';

export interface AnnotationDraft {
  name: string;
  color: string;
  note: string;
}

export interface AnnotationDialogProps {
  open: boolean;
  /** The annotation being edited; null = a new one from the selection. */
  initial: AnnotationDraft | null;
  /** Tixels it holds (shown). */
  count: number;
  /** Rejects with the reason to show (e.g. the name is taken). */
  onSave: (draft: AnnotationDraft) => Promise<void>;
  onClose: () => void;
}

export function AnnotationDialog({ open, initial, count, onSave, onClose }: AnnotationDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="annotation-dialog-title">
      <DialogTitle id="annotation-dialog-title">
        {initial ? 'Edit annotation' : 'Save selection as annotation'}
      </DialogTitle>
      {open && <AnnotationForm initial={initial} count={count} onSave={onSave} onClose={onClose} />}
    </Dialog>
  );
}

function AnnotationForm({ initial, count, onSave, onClose }: Omit<AnnotationDialogProps, 'open'>) {
  const [name, setName] = useState(initial?.name ?? '');
  const [color, setColor] = useState(initial?.color ?? CATEGORY_COLOURS[3]!);
  const [note, setNote] = useState(initial?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const trimmed = name.trim();
  const submit = async () => {
    if (!trimmed) {
      setError('Give the annotation a name');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave({ name: trimmed, color, note });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {count.toLocaleString()} tixels
          </Typography>
          <TextField
            label="Name"
            size="small"
            autoFocus
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: ANNOTATION_NAME_MAX } }}
          />
          <TextField
            label="Colour"
            size="small"
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            sx={{ width: 120 }}
          />
          <TextField
            label="Note"
            size="small"
            multiline
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: ANNOTATION_NOTE_MAX } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
