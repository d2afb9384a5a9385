import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMAGE_SLOTS, MATRIX_SLOTS, TRACK_SLOTS, type UploadSlot } from '@atlas/contracts';
import { IlluminaTransfer, NovogeneTransfer } from '../transfers';
import { UploadArea } from './UploadArea';

const TABS = [
  { id: 'images', label: 'Image Upload' },
  { id: 'matrices', label: 'Gene Matrix Upload' },
  { id: 'tracks', label: 'Track Upload' },
  { id: 'novogene', label: 'Transfer Seq (Novogen)' },
  { id: 'illumina', label: 'Transfer Seq (Illumina)' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const RUN_ID = /^D\d{5,}$/;

/**
 * The Atlas Uploader (spec 03 §2.7, admin): a run's images and matrices into their fixed places, genome tracks into
 * its tracks folder (the track browser lists them; issue 32 §9), and transfers.
 */
export function AtlasUploader() {
  const [runInput, setRunInput] = useState('');
  const [tab, setTab] = useState<TabId>('images');
  const runId = RUN_ID.test(runInput) ? runInput : null;
  const invalid = runInput !== '' && runId === null;

  const areas = (slots: readonly UploadSlot[]) => (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
      {slots.map((slot) => (
        // Keyed by run: a new run id starts every area afresh.
        <UploadArea key={`${runId ?? ''}:${slot}`} slot={slot} runId={runId} />
      ))}
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ m: 2 }}>
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1">
          Atlas Uploader
        </Typography>
        <TextField
          label="Run ID (DXXX)"
          size="small"
          sx={{ width: 260 }}
          value={runInput}
          onChange={(event) => setRunInput(event.target.value.toUpperCase().trim())}
          error={invalid}
          helperText={invalid ? 'A run id is D followed by at least five digits, e.g. D01234.' : ' '}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        />
      </Box>
      <Tabs
        value={tab}
        onChange={(_, next: TabId) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Atlas Uploader"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ id, label }) => (
          <Tab key={id} value={id} label={label} id={`uploader-tab-${id}`} aria-controls={`uploader-panel-${id}`} />
        ))}
      </Tabs>
      {TABS.map(({ id }) => (
        // Every panel stays mounted: switching tabs never interrupts an upload in another one.
        <Box
          key={id}
          role="tabpanel"
          hidden={tab !== id}
          id={`uploader-panel-${id}`}
          aria-labelledby={`uploader-tab-${id}`}
          sx={{ p: 2 }}
        >
          {id === 'images' && areas(IMAGE_SLOTS)}
          {id === 'matrices' && areas(MATRIX_SLOTS)}
          {id === 'tracks' && areas(TRACK_SLOTS)}
          {id === 'novogene' && <NovogeneTransfer />}
          {id === 'illumina' && <IlluminaTransfer />}
        </Box>
      ))}
    </Paper>
  );
}
