import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { LAB_MSG, labCalls } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { TaskRunner } from './TaskRunner';
import { WorkerTable } from './WorkerTable';

/**
 * Runs with a spatial folder the caller may see (`data/{run}/spatial/`, spec 03 §2.4), each saying whether it has
 * its metadata.json, found by the server from the run folders (not by listing every key under data/).
 */
function useAnalyticsRuns() {
  return useQuery({
    queryKey: ['analytics', 'runs'],
    queryFn: async ({ signal }) => {
      const [bucket] = await callApi(labCalls.fetchBuckets, { signal });
      return callApi(labCalls.spatialRuns, { query: { bucket: bucket! }, signal });
    },
    staleTime: 60_000,
  });
}

/** Atlas Analytics (spec 03 §2.4): a searchable run list, the task runner beside it, the worker table below. */
export function AtlasAnalytics() {
  const runs = useAnalyticsRuns();
  const [search, setSearch] = useState('');
  const [runId, setRunId] = useState<string | null>(null);
  const shown = (runs.data ?? []).filter((run) => run.run_id.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Stack spacing={2} sx={{ p: 2, flex: 1 }}>
      <Typography variant="h5" component="h1">
        Atlas Analytics
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 1.5, width: { md: 260 }, flexShrink: 0 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Runs
          </Typography>
          <TextField
            size="small"
            label="Search runs"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            fullWidth
            sx={{ mb: 1 }}
          />
          {runs.isError ? (
            <Alert severity="error">{runs.error.message}</Alert>
          ) : runs.isPending ? (
            <CircularProgress size={28} aria-label="Loading runs" />
          ) : shown.length === 0 ? (
            <Typography color="text.secondary">
              {search ? LAB_MSG.analyticsNoMatch : LAB_MSG.analyticsNoRuns}
            </Typography>
          ) : (
            <List dense aria-label="Runs" sx={{ maxHeight: 420, overflow: 'auto' }}>
              {shown.map(({ run_id, has_metadata }) => (
                <ListItemButton key={run_id} selected={run_id === runId} onClick={() => setRunId(run_id)}>
                  <ListItemText
                    primary={run_id}
                    secondary={has_metadata ? undefined : LAB_MSG.spatialMetadataMissing}
                    slotProps={{ secondary: { variant: 'caption', color: 'warning.main' } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
        <TaskRunner runId={runId} />
      </Box>
      <WorkerTable />
    </Stack>
  );
}
