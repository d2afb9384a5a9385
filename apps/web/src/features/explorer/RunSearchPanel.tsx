import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRuns } from './api';
import { SEARCH_DELAY_MS, useDebounced } from './useDebounced';

/** Run ID's: a search over the runs the user may see (500 ms debounce); picking one opens it. */
export function RunSearchPanel({ current, onPick }: { current: string | null; onPick: (runId: string) => void }) {
  const runs = useRuns();
  const [text, setText] = useState('');
  const query = useDebounced(text, SEARCH_DELAY_MS).trim().toLowerCase();
  const hits = useMemo(
    () =>
      (runs.data ?? [])
        .filter((r) => r.web_object_available)
        .filter((r) => !query || r.run_id.toLowerCase().includes(query) || r.result_title.toLowerCase().includes(query) || r.organ.toLowerCase().includes(query))
        .slice(0, 30),
    [runs.data, query],
  );
  return (
    <Paper square variant="outlined" sx={{ p: 1.5 }} data-testid="run-search">
      <TextField
        size="small"
        autoFocus
        label="Search Run ID"
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ width: 320 }}
        slotProps={{ htmlInput: { 'aria-label': 'Search Run ID' } }}
      />
      {runs.isLoading && <LinearProgress sx={{ mt: 1 }} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, maxHeight: 180, overflowY: 'auto' }}>
        {hits.map((r) => (
          <Button
            key={r.run_id}
            size="small"
            variant={r.run_id === current ? 'contained' : 'outlined'}
            onClick={() => onPick(r.run_id)}
            title={`${r.result_title} · ${r.assay} · ${r.organ}`}
            sx={{ textTransform: 'none' }}
          >
            {r.run_id} · {r.assay}
          </Button>
        ))}
        {!runs.isLoading && hits.length === 0 && <Typography color="text.secondary">No runs match.</Typography>}
      </Box>
    </Paper>
  );
}
