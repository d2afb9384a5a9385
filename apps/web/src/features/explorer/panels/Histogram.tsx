import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CLUSTER_PALETTE } from '@atlas/viz';
import { useFeatureNames, useFeatureValues, useRunData } from '../data/api';
import { useExplorer } from '../state/store';
import { binValues, tickLabel, type Bins } from './histogram';
import { EXPLORER_MSG } from '@atlas/contracts';
import { clusterColour } from '../data/runRef';

const W = 300;
const H = 170;
const PAD = { left: 44, right: 8, top: 8, bottom: 30 };

/** One SVG bar chart: bars over an x axis with the value range and a y axis with the largest count. */
function BarChart({ title, bars, colours, xLabels, categorical = false, testId }: {
  title: string;
  bars: number[];
  colours: string | string[];
  /** The range ends, or one label per bar when `categorical`. */
  xLabels: string[];
  categorical?: boolean;
  testId?: string;
}) {
  const top = Math.max(1, ...bars);
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const bw = iw / Math.max(1, bars.length);
  const perBarLabels = categorical;
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid={testId}>
      <Typography component="figcaption" variant="caption" sx={{ fontWeight: 600, display: 'block', textAlign: 'center' }} noWrap>
        {title}
      </Typography>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`Histogram of ${title}`}>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          {bars.map((count, i) => {
            const h = (count / top) * ih;
            const fill = Array.isArray(colours) ? colours[i % colours.length] : colours;
            return (
              <rect key={i} x={i * bw + 0.5} y={ih - h} width={Math.max(0.5, bw - 1)} height={h} fill={fill}>
                <title>{`${perBarLabels ? xLabels[i] : `bin ${i + 1}`}: ${count}`}</title>
              </rect>
            );
          })}
          <line x1={0} y1={ih} x2={iw} y2={ih} stroke="currentColor" strokeOpacity={0.5} />
          <line x1={0} y1={0} x2={0} y2={ih} stroke="currentColor" strokeOpacity={0.5} />
          <text x={-4} y={8} textAnchor="end" fontSize={10} fill="currentColor">
            {top}
          </text>
          <text x={-4} y={ih} textAnchor="end" fontSize={10} fill="currentColor">
            0
          </text>
          {perBarLabels ? (
            xLabels.map((label, i) => (
              <text key={i} x={i * bw + bw / 2} y={ih + 12} textAnchor="middle" fontSize={bars.length > 12 ? 7 : 9} fill="currentColor">
                {label}
              </text>
            ))
          ) : (
            <>
              <text x={0} y={ih + 14} textAnchor="start" fontSize={10} fill="currentColor">
                {xLabels[0]}
              </text>
              <text x={iw} y={ih + 14} textAnchor="end" fontSize={10} fill="currentColor">
                {xLabels[1]}
              </text>
            </>
          )}
          <text x={iw / 2} y={ih + 27} textAnchor="middle" fontSize={9} fill="currentColor" opacity={0.7}>
            {perBarLabels ? 'cluster' : 'value'}
          </text>
        </g>
      </svg>
    </Box>
  );
}

/**
 * Histogram panel (spec 03 §2.1, §9 "3 per row for per-gene histograms"): the distribution of each chosen
 * feature's values over the tixels (of the selection, when there is one), three charts per row, drawn in SVG.
 * With no feature chosen it shows the tixels per cluster.
 */
export function HistogramPanel() {
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
    if (!d) return data.error ? <Alert severity="error">{data.error.message}</Alert> : <CircularProgress size={28} aria-label="Loading" />;
    return (
      <Box data-testid="histogram-panel">
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {EXPLORER_MSG.chooseFeatures}
        </Typography>
        <Box sx={grid}>
          <BarChart
            title="Tixels per cluster"
            bars={d.clusterCounts}
            colours={d.clusterNames.map((name, i) => clusterColour(CLUSTER_PALETTE, clusterColors, name, i))}
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
          title={`${features[i]} (${bins.total} tixels${selection ? ', selection' : ''})`}
          bars={bins.counts}
          colours="#1976d2"
          xLabels={[tickLabel(bins.min), tickLabel(bins.max)]}
          testId="histogram-feature"
        />
      ))}
    </Box>
  );
}
