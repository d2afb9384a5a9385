import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ImageSearch from '@mui/icons-material/ImageSearch';
import { RunFiles } from '../lab-views/AtlasRunViewer';

/** The written folder in the Atlas Run Viewer's file list, and the way to the explorer. */
export function GeneratedFolder({ bucket, runId }: { bucket: string; runId: string }) {
  const [file, setFile] = useState<string | null>(null);
  return (
    <Box component="section" aria-label="Spatial folder" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Spatial folder of {runId}
        </Typography>
        <Button component={RouterLink} to={`/?component=AtlasXplore&run_id=${runId}`} variant="contained">
          Open in AtlasXplore
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, minHeight: 300 }}>
        <RunFiles bucket={bucket} runId={runId} file={file} onFile={setFile} />
      </Box>
    </Box>
  );
}

/** Before a run is chosen. */
export function Welcome() {
  return (
    <Paper variant="outlined" sx={{ p: 4, flex: 1, textAlign: 'center' }}>
      <Box
        component="img"
        src="/atlasxbrowser-welcome.svg"
        alt="AtlasXbrowser: a chip image with its tixel grid"
        sx={{ width: 220, maxWidth: '60%' }}
      />
      <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
        Welcome to AtlasXbrowser
      </Typography>
      <Typography color="text.secondary">
        Choose a run to turn its chip image into a spatial folder: rotate, crop, place the region of interest, threshold
        and mark the tixels on tissue.
      </Typography>
    </Paper>
  );
}

/** The title line: the run and image being processed, Edit Metadata once the tools are open, Choose Run. */
export function Header(p: {
  runId: string;
  image: string | null;
  updateMode: boolean;
  onEditMetadata: (() => void) | null;
  onChooseRun(): void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography variant="h5" component="h1">
        AtlasXbrowser
      </Typography>
      {p.runId && (
        <Typography variant="subtitle1" color="text.secondary">
          {p.runId}
          {p.image && ` · ${p.image}`}
          {p.updateMode && ' · updating the existing spatial folder'}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      {p.onEditMetadata && (
        <Button variant="outlined" onClick={p.onEditMetadata}>
          Edit Metadata
        </Button>
      )}
      <Button variant="outlined" startIcon={<ImageSearch />} onClick={p.onChooseRun}>
        Choose Run
      </Button>
    </Box>
  );
}
