import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CATEGORY_COLOURS } from '@atlas/viz';
import { useFeatureNames } from '../data/featureNames';
import { useFeatureValues } from '../data/featureValues';
import { useRunData } from '../data/runData';
import { useExplorer } from '../state/store';
import { binValues, tickLabel, type Bins } from './histogram';
import { EXPLORER_MSG } from '@atlas/contracts';
import { clusterColour } from '../plots/colours';
import { BarChart } from './BarChart';
import { useObservationNoun } from '../data/cellOutlines';

/**
 * Histogram panel (spec 03 §2.1, §9 "3 per row for per-gene histograms"): the distribution of each chosen
 * feature's values over the tixels (of the selection, when there is one), three charts per row, drawn in SVG.
 * With no feature chosen it shows the tixels per cluster.
 */
export function HistogramPanel() {
  const noun = useObservationNoun();
  const run = useExplorer((s) => s.run);
  const kind = useExplorer((s) => s.kind);
  const features = useExplorer((s) => s.features);
  const selection = useExplorer((s) => s.selection);
  const clusterColors = useExplorer((s) => s.clusterColors);
  const data = useRunData(run);
  const names = useFeatureNames(run, kind, features.length > 0);
  const { values, loading, error } = useFeatureValues(run, kind, features, names.data);

  const histograms = useMemo<Bins[] | null>(() => {
    if (!values) return null;
    return values.map((v) => (selection ? binValues(Float32Array.from(selection, (i) => v[i] ?? NaN)) : binValues(v)));
  }, [values, selection]);

  if (!run) return null;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, p: 1 } as const;

  if (features.length === 0) {
    const d = data.data;
    if (!d)
      return data.error ? (
        <Alert severity="error">{data.error.message}</Alert>
      ) : (
        <CircularProgress size={28} aria-label="Loading" />
      );
    return (
      <Box data-testid="histogram-panel">
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {EXPLORER_MSG.chooseFeatures}
        </Typography>
        <Box sx={grid}>
          <BarChart
            title="Tixels per cluster"
            bars={d.clusterCounts}
            colours={d.clusterNames.map((name, i) => clusterColour(CATEGORY_COLOURS, clusterColors, name, i))}
            xLabels={d.clusterNames}
            categorical
            testId="histogram-clusters"
          />
        </Box>
      </Box>
    );
  }
  if (!histograms || loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label="Loading the histograms" />
      </Box>
    );
  }
  return (
    <Box data-testid="histogram-panel" sx={grid}>
      {histograms.map((bins, i) => (
        <BarChart
          key={features[i]}
          title={`${features[i]} (${bins.total} ${noun}${selection ? ', selection' : ''})`}
          bars={bins.counts}
          colours="#1976d2"
          xLabels={[tickLabel(bins.min), tickLabel(bins.max)]}
          testId="histogram-feature"
        />
      ))}
    </Box>
  );
}
