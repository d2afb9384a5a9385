import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRuns } from '../data/runMeta';
import { useExplorer } from '../state/store';
import { inFirstSeenOrder } from './firstSeenOrder';
import { SEARCH_DELAY_MS, useDebounced } from './useDebounced';

/**
 * Run ID's: a search over the runs the user may see (500 ms debounce). Clicking a run opens it alone; ticking
 * runs and pressing Begin opens them together (spec 03 §2.1, multi-sample runs): the first ticked is the main
 * run, the others its additional samples. An open multi-sample set starts ticked, so it can be extended.
 */
export function RunSearchPanel({
  current,
  onPick,
}: {
  current: string | null;
  onPick: (runId: string, samples: string[]) => void;
}) {
  const runs = useRuns();
  const openSamples = useExplorer((s) => s.samples);
  const [ticked, setTicked] = useState<string[]>(() =>
    current && openSamples.length ? [current, ...openSamples] : [],
  );
  const [text, setText] = useState('');
  const query = useDebounced(text, SEARCH_DELAY_MS).trim().toLowerCase();
  // Runs keep the place they were first shown in; ones that arrive on a refetch go last (see inFirstSeenOrder).
  const firstSeen = useRef(new Map<string, number>());
  const hits = useMemo(
    () =>
      inFirstSeenOrder(
        (runs.data ?? []).filter((r) => r.web_object_available),
        (r) => r.run_id,
        firstSeen.current,
      )
        .filter(
          (r) =>
            !query ||
            r.run_id.toLowerCase().includes(query) ||
            r.result_title.toLowerCase().includes(query) ||
            r.organ.toLowerCase().includes(query),
        )
        .slice(0, 30),
    [runs.data, query],
  );
  // Ticked runs keep the order they were ticked in: the first is the main run.
  const tick = (runId: string) =>
    setTicked((t) => (t.includes(runId) ? t.filter((id) => id !== runId) : [...t, runId]));
  return (
    <Paper square variant="outlined" sx={{ p: 1.5 }} data-testid="run-search">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          size="small"
          autoFocus
          label="Search Run ID"
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ width: 320 }}
          slotProps={{ htmlInput: { 'aria-label': 'Search Run ID' } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }} data-testid="ticked-runs">
          {ticked.map((id, i) => (
            <Chip
              key={id}
              size="small"
              color={i === 0 ? 'primary' : 'default'}
              label={i === 0 ? `${id} · main` : id}
              onDelete={() => tick(id)}
            />
          ))}
        </Box>
        <Button
          variant="contained"
          size="small"
          disabled={ticked.length === 0}
          onClick={() => onPick(ticked[0]!, ticked.slice(1))}
        >
          Begin
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Click a run to open it, or tick several and Begin: the first ticked is the main run, the others are drawn as
        samples below it.
      </Typography>
      {runs.isLoading && <LinearProgress sx={{ mt: 1 }} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, maxHeight: 180, overflowY: 'auto' }}>
        {hits.map((r) => (
          <Box
            key={r.run_id}
            sx={{ display: 'flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, pr: 0.5 }}
          >
            <Checkbox
              size="small"
              checked={ticked.includes(r.run_id)}
              onChange={() => tick(r.run_id)}
              slotProps={{ input: { 'aria-label': `Tick ${r.run_id}` } }}
              sx={{ p: 0.5 }}
            />
            <Button
              size="small"
              variant={r.run_id === current ? 'contained' : 'outlined'}
              onClick={() => onPick(r.run_id, [])}
              title={`${r.result_title} · ${r.assay} · ${r.organ}`}
              sx={{ textTransform: 'none' }}
            >
              {r.run_id} · {r.assay}
            </Button>
          </Box>
        ))}
        {!runs.isLoading && hits.length === 0 && <Typography color="text.secondary">No runs match.</Typography>}
      </Box>
    </Paper>
  );
}
