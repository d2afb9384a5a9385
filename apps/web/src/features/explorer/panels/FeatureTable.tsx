import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { EXPLORER_MSG } from '@atlas/contracts';
import { useRunData } from '../data/runData';
import { useTopTen } from '../data/topTen';
import { useExplorer } from '../state/store';
import { TopTenTable } from './TopTenTable';

/**
 * Feature Table (spec 03 §2.1 lower panel): the top ten features of each cluster from `topTen_{kind}.json`,
 * one column per cluster. Anti switches from the most enriched ("1") to the most depleted ("-1"). Clicking a
 * name selects that feature, which colours the plots by it. This container loads the table; ./TopTenTable draws it.
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
  // Stable, so that a pick re-renders only the table's rows it marks (./TopTenTable).
  const onPick = useCallback((name: string) => setFeatures([name]), [setFeatures]);

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

  return (
    <TopTenTable
      topTen={topTen.data}
      kind={kind}
      clusters={data.data?.clusterNames ?? []}
      clusterColors={clusterColors}
      features={features}
      anti={anti}
      onAntiChange={setAnti}
      onPick={onPick}
    />
  );
}
