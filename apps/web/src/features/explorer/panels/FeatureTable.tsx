import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CLUSTER_PALETTE } from '@atlas/viz';
import { useRunData } from '../data/api';
import { EXPLORER_MSG, KIND_LABEL } from '@atlas/contracts';
import { useExplorer } from '../state/store';
import { useTopTen } from '../data/panelsApi';
import { clusterColour } from '../data/runRef';

/**
 * Feature Table (spec 03 §2.1 lower panel): the top ten features of each cluster from `topTen_{kind}.json`,
 * one column per cluster. Anti switches from the most enriched ("1") to the most depleted ("-1"). Clicking a
 * name selects that feature, which colours the plots by it.
 */
export function FeatureTable() {
  const run = useExplorer((s) => s.run);
  const kind = useExplorer((s) => s.kind);
  const features = useExplorer((s) => s.features);
  const clusterColors = useExplorer((s) => s.clusterColors);
  const setFeatures = useExplorer((s) => s.setFeatures);
  const [anti, setAnti] = useState(false);
  const data = useRunData(run);
  const topTen = useTopTen(run, kind);

  if (!run) return null;
  if (topTen.isLoading || data.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label="Loading the feature table" />
      </Box>
    );
  }
  if (topTen.error) return <Alert severity="error">{topTen.error.message}</Alert>;
  if (!topTen.data) return <Alert severity="info">{EXPLORER_MSG.topTenUnavailable}</Alert>;

  const rows = topTen.data[anti ? '-1' : '1'];
  const width = Math.max(0, ...rows.map((r) => r.length));
  const clusters = data.data?.clusterNames ?? [];
  const names = Array.from({ length: width }, (_, c) => clusters[c] ?? `C${c + 1}`);
  const chosen = new Set(features);

  return (
    <Box data-testid="feature-table">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {anti ? `Most depleted ${KIND_LABEL[kind].one}s per cluster` : `Top ten ${KIND_LABEL[kind].one}s per cluster`}
        </Typography>
        <FormControlLabel control={<Switch checked={anti} onChange={(e) => setAnti(e.target.checked)} />} label="Anti" />
      </Box>
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label={anti ? 'Anti feature table' : 'Feature table'}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 32 }}>#</TableCell>
              {names.map((name, c) => (
                <TableCell key={name} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  <Box
                    component="span"
                    sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', mr: 0.75, bgcolor: clusterColour(CLUSTER_PALETTE, clusterColors, name, c) }}
                  />
                  {name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, r) => (
              <TableRow key={r}>
                <TableCell sx={{ color: 'text.secondary' }}>{r + 1}</TableCell>
                {names.map((cluster, c) => {
                  const name = row[c] ?? '';
                  const selected = name !== '' && chosen.has(name);
                  return (
                    <TableCell
                      key={cluster}
                      role={name ? 'button' : undefined}
                      tabIndex={name ? 0 : undefined}
                      aria-pressed={name ? selected : undefined}
                      data-feature={name || undefined}
                      onClick={name ? () => setFeatures([name]) : undefined}
                      onKeyDown={name ? (e) => (e.key === 'Enter' || e.key === ' ') && setFeatures([name]) : undefined}
                      sx={{
                        cursor: name ? 'pointer' : undefined,
                        whiteSpace: 'nowrap',
                        fontWeight: selected ? 700 : undefined,
                        bgcolor: selected ? 'action.selected' : undefined,
                        '&:hover': name ? { bgcolor: 'action.hover' } : undefined,
                      }}
                    >
                      {name}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
