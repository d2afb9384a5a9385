/**
 * The additional runs of a multi-sample view (spec 03 §2.1): one spatial plot per sample, three per row, under
 * the main plots, coloured as the main view is (./sampleColouring). Loads each sample's tixel table, feature names
 * and values with the main run's queries (shared cache), and shows per-sample progress and errors in its cell.
 */
import { memo, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EXPLORER_MSG } from '@atlas/contracts';
import { SampleGridPlots, heatmapLut, type SamplePlot } from '@atlas/viz';
import { useFeatureNamesList, useFeatureValuesList, useRunDataList } from '../data/multiSample';
import { backgroundCss } from './colours';
import { colourSample } from './sampleColouring';
import { useExplorer } from '../state/store';

const noteSx = {
  py: 0,
  px: 1,
  fontSize: 12,
  '& .MuiAlert-icon': { py: 0.5, fontSize: 16 },
  '& .MuiAlert-message': { py: 0.5 },
} as const;

/** Memoised: it reads the store itself, so the explorer's renders (a gene pick) need not reach it. */
export const SamplePlots = memo(function SamplePlots() {
  const s = useExplorer(
    useShallow((st) => ({
      samples: st.samples,
      kind: st.kind,
      features: st.features,
      averaging: st.averaging,
      individual: st.individual,
      range: st.range,
      clusterColors: st.clusterColors,
      palette: st.palette,
      customColors: st.customColors,
      background: st.background,
      displayScale: st.displayScale,
    })),
  );
  const expression = s.features.length > 0;
  const runs = useRunDataList(s.samples);
  const names = useFeatureNamesList(s.samples, s.kind, expression);
  const values = useFeatureValuesList(s.samples, s.kind, s.features, names.data);

  const plots = useMemo<SamplePlot[]>(
    () =>
      s.samples.map((id, i) => {
        const data = runs.data[i];
        if (!data) {
          const overlay = runs.errors[i] ? (
            <Alert severity="error" sx={noteSx}>
              {EXPLORER_MSG.failedToLoadDetails(id)}
            </Alert>
          ) : (
            <CircularProgress size={20} aria-label={`Loading ${id}`} />
          );
          return { id, positions: null, values: null, overlay };
        }
        const k = s.features.length;
        const colouring = colourSample({
          data,
          features: s.features,
          averaging: s.averaging,
          individual: s.individual,
          names: names.data[i]?.set ?? (names.errors[i] ? null : undefined),
          values: values.data.slice(i * k, (i + 1) * k),
          range: s.range,
          clusterColors: s.clusterColors,
        });
        const valuesError = values.errors.slice(i * k, (i + 1) * k).find((e) => e);
        if (!colouring) {
          const overlay = valuesError ? (
            <Alert severity="error" sx={noteSx}>
              {EXPLORER_MSG.failedToLoad}: {valuesError.message}
            </Alert>
          ) : (
            <CircularProgress size={20} aria-label={`Loading ${id}`} />
          );
          return { id, positions: data.spatial, values: null, overlay };
        }
        if (colouring.mode === 'categorical')
          return { id, positions: data.spatial, values: colouring.values, clusterColors: colouring.clusterColors };
        const overlay = colouring.missing.length ? (
          <Alert severity="info" sx={noteSx}>
            {EXPLORER_MSG.sampleLacksFeatures(colouring.missing)}
          </Alert>
        ) : (
          <RangeCaption range={colouring.range} />
        );
        return { id, positions: data.spatial, values: colouring.values, range: colouring.range, overlay };
      }),
    [s.samples, s.features, s.averaging, s.individual, s.range, s.clusterColors, runs, names, values],
  );

  const lut = useMemo(() => heatmapLut(s.palette, s.customColors), [s.palette, s.customColors]);
  if (s.samples.length === 0) return null;
  const loaded = runs.data.filter(Boolean).length;
  const busy = runs.fetching || names.fetching || values.fetching;
  return (
    <Paper square variant="outlined" data-testid="sample-plots">
      <Box sx={{ px: 1.5, py: 0.75, display: 'flex', alignItems: 'baseline', gap: 1.5 }}>
        <Typography variant="subtitle2">Samples</Typography>
        <Typography variant="caption" color="text.secondary" data-testid="samples-loaded">
          {loaded} of {s.samples.length} loaded
        </Typography>
      </Box>
      <Box sx={{ height: 4 }}>
        {busy && (
          <LinearProgress
            variant={loaded < s.samples.length ? 'determinate' : 'indeterminate'}
            value={(100 * loaded) / s.samples.length}
          />
        )}
      </Box>
      <SampleGridPlots
        samples={plots}
        colorMode={expression ? 'continuous' : 'categorical'}
        palette={s.palette}
        customColors={s.customColors}
        background={backgroundCss(s.background, lut)}
        displayScale={s.displayScale}
      />
    </Paper>
  );
});

/** The range a sample's colours span (samples without a range override each have their own). */
function RangeCaption({ range }: { range: [number, number] }) {
  return (
    <Typography variant="caption" sx={{ px: 0.75, borderRadius: 0.5, bgcolor: 'rgba(255,255,255,0.8)', color: '#111' }}>
      {range[0].toFixed(2)}–{range[1].toFixed(2)}
    </Typography>
  );
}
