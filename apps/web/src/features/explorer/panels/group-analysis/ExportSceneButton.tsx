/**
 * "Export figure" for a panel's figure scene: the figure export's format and DPI fields and its writer
 * (../../tool-column/saveFigure.ts), so a violin or composition chart is saved as SVG or PNG as the plots are.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import InsertPhotoOutlined from '@mui/icons-material/InsertPhotoOutlined';
import type { FigureScene } from '@atlas/viz';
import { FigureFormatFields, FigureSizeLine, useFigureFormat } from '../../tool-column/FigureFormatFields';
import { saveFigure } from '../../tool-column/saveFigure';

export function ExportSceneButton({
  scene,
  baseName,
  testId,
}: {
  scene: FigureScene | null;
  baseName: string;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<InsertPhotoOutlined fontSize="small" />}
        disabled={!scene}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        Export figure
      </Button>
      {open && scene && <ExportSceneDialog scene={scene} baseName={baseName} onClose={() => setOpen(false)} />}
    </>
  );
}

function ExportSceneDialog({
  scene,
  baseName,
  onClose,
}: {
  scene: FigureScene;
  baseName: string;
  onClose: () => void;
}) {
  const state = useFigureFormat();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportNow = async () => {
    setError(null);
    setBusy(true);
    try {
      await saveFigure(scene, state.format, state.dpi, baseName.replace(/[^\w.-]+/g, '-'));
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="scene-export-title">
      <DialogTitle id="scene-export-title">Export Figure</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FigureFormatFields state={state} />
          <FigureSizeLine state={state} figure={scene} />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy || !state.ready} onClick={() => void exportNow()}>
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
