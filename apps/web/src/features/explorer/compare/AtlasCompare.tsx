/**
 * `?component=AtlasCompare` (admin; spec 01 §2): two or more runs side by side in one WebGL context (packages/viz
 * ComparePlots), coloured by their clusters or by the same features on ONE colour range, with linked zoom; a
 * selection of clusters is ranked in every run (gene.compute_qc, the explorer's selection task) and each run's top
 * features are shown in adjacent tables. The address holds the runs, kind, features, palette and chosen clusters
 * (the explorer's versioned view-state schema: the first run is `run_id`, the others `samples`).
 */
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { EXPLORER_MSG, parseViewQuery, writeViewQuery, type FeatureKind, type TViewState } from '@atlas/contracts';
import {
  ComparePlots,
  HEATMAP_PALETTES,
  ZOOM_IN_FACTOR,
  ZOOM_OUT_FACTOR,
  heatmapLut,
  type ComparePanel,
  type ComparePlotsHandle,
  type HeatmapPalette,
} from '@atlas/viz';
import { useFeatureNamesList, useFeatureValuesList, useRunDataList } from '../data/multiSample';
import { useRuns } from '../data/runMeta';
import { backgroundCss } from '../plots/colours';
import { HeatBar } from '../plots/Legends';
import { colourSample } from '../plots/sampleColouring';
import { CompareRankTables } from './CompareRankTables';
import { sharedRange } from './sharedRange';

const KINDS: Record<FeatureKind, string> = { genes: 'Genes', motifs: 'Motifs', eRegulons: 'eRegulons' };
/** The address key of the chosen clusters (ours, beside the view-state fields). */
const CLUSTERS_KEY = 'clusters';
const MAX_SUGGESTIONS = 50;

export function AtlasCompare() {
  const [params, setParams] = useSearchParams();
  const view = parseViewQuery(params);
  const runIds = useMemo(
    () => (view.run_id ? [view.run_id, ...view.samples] : []),
    // The list keeps its identity while the address names the same runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [view.run_id, view.samples.join(',')],
  );
  const clusters = useMemo(() => (params.get(CLUSTERS_KEY) ?? '').split(',').filter(Boolean), [params]);
  const update = (patch: Partial<Omit<TViewState, 'v'>> & { clusters?: string[] }) =>
    setParams(
      (prev) => {
        const current = parseViewQuery(prev);
        const { clusters: chosen, ...fields } = patch;
        const next = writeViewQuery(prev, { ...current, ...fields });
        if (chosen !== undefined) {
          if (chosen.length) next.set(CLUSTERS_KEY, chosen.join(','));
          else next.delete(CLUSTERS_KEY);
        }
        return next;
      },
      { replace: true },
    );
  const setRuns = (ids: string[]) => update({ run_id: ids[0] ?? null, samples: ids.slice(1), clusters: [] });

  const runs = useRuns();
  const data = useRunDataList(runIds);
  const expression = view.features.length > 0;
  const names = useFeatureNamesList(runIds, view.kind, true);
  const values = useFeatureValuesList(runIds, view.kind, view.features, names.data);
  const plots = useRef<ComparePlotsHandle>(null);

  // Each run coloured as the explorer colours a sample, then every run put on one range.
  // Memoised on the query lists (which keep their identity), so the plots' buffers are uploaded once per change.
  const { features, averaging } = view;
  const coloured = useMemo(
    () =>
      runIds.map((_, i) => {
        const run = data.data[i];
        if (!run) return null;
        const k = features.length;
        return colourSample({
          data: run,
          features,
          averaging,
          individual: 0,
          names: names.data[i]?.set ?? (names.errors[i] ? null : undefined),
          values: values.data.slice(i * k, (i + 1) * k),
          range: null,
          clusterColors: {},
        });
      }),
    // `features` is compared by its names: the parsed address gives a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [runIds, data.data, names, values.data, features.join(','), averaging],
  );
  const range = useMemo(
    () => sharedRange(coloured.flatMap((c) => (c?.mode === 'continuous' && !c.missing.length ? [c.values] : []))),
    [coloured],
  );
  const panels: ComparePanel[] = runIds.map((id, i) => {
    const run = data.data[i];
    const colouring = coloured[i];
    if (!run || !colouring) {
      const error = data.errors[i];
      return {
        id,
        positions: run?.spatial ?? null,
        values: null,
        overlay: error ? <Alert severity="error">{EXPLORER_MSG.failedToLoadDetails(id)}</Alert> : null,
      };
    }
    if (colouring.mode === 'categorical')
      return { id, positions: run.spatial, values: colouring.values, clusterColors: colouring.clusterColors };
    return {
      id,
      positions: run.spatial,
      values: colouring.values,
      overlay: colouring.missing.length ? (
        <Alert severity="info" sx={{ py: 0 }}>
          {EXPLORER_MSG.sampleLacksFeatures(colouring.missing)}
        </Alert>
      ) : null,
    };
  });

  const clusterNames = useMemo(
    () =>
      [...new Set(data.data.flatMap((d) => d?.clusterNames ?? []))].sort((a, b) =>
        a.localeCompare(b, undefined, { numeric: true }),
      ),
    [data.data],
  );
  const suggestions = names.data[0]?.names ?? [];
  const lut = useMemo(() => heatmapLut(view.palette), [view.palette]);
  const busy = data.fetching || names.fetching || values.fetching;

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="atlas-compare">
      <Typography variant="h5">Atlas Compare</Typography>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
          <Autocomplete
            multiple
            size="small"
            options={(runs.data ?? []).map((r) => r.run_id)}
            getOptionLabel={(id) => {
              const r = runs.data?.find((x) => x.run_id === id);
              return r ? `${id} · ${r.result_title}` : id;
            }}
            value={runIds}
            onChange={(_, ids) => setRuns(ids)}
            renderValue={(ids, getItemProps) =>
              ids.map((id, index) => <Chip size="small" label={id} {...getItemProps({ index })} key={id} />)
            }
            renderInput={(p) => (
              <TextField {...p} label="Runs" placeholder={runIds.length < 2 ? 'Choose two or more runs' : ''} />
            )}
            sx={{ minWidth: 320, flex: 2 }}
          />
          <TextField
            select
            size="small"
            label="Kind"
            value={view.kind}
            onChange={(e) => update({ kind: e.target.value as FeatureKind, features: [] })}
            sx={{ minWidth: 130 }}
          >
            {Object.entries(KINDS).map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            freeSolo
            size="small"
            options={suggestions}
            filterOptions={(options, state) => {
              const q = state.inputValue.toLowerCase();
              return q ? options.filter((o) => o.toLowerCase().startsWith(q)).slice(0, MAX_SUGGESTIONS) : [];
            }}
            value={view.features}
            onChange={(_, features) => update({ features: features.map((f) => f.trim()).filter(Boolean) })}
            renderInput={(p) => <TextField {...p} label="Features" placeholder="Type a name, Enter" />}
            sx={{ minWidth: 240, flex: 2 }}
          />
          <TextField
            select
            size="small"
            label="Palette"
            value={view.palette}
            onChange={(e) => update({ palette: e.target.value as HeatmapPalette })}
            sx={{ minWidth: 110 }}
          >
            {HEATMAP_PALETTES.filter((p) => p !== 'custom').map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex' }}>
            <Tooltip title="Zoom in (×1.1)">
              <IconButton aria-label="Zoom in" onClick={() => plots.current?.zoom(ZOOM_IN_FACTOR)}>
                <ZoomIn />
              </IconButton>
            </Tooltip>
            <Tooltip title="Zoom out (×0.9)">
              <IconButton aria-label="Zoom out" onClick={() => plots.current?.zoom(ZOOM_OUT_FACTOR)}>
                <ZoomOut />
              </IconButton>
            </Tooltip>
            <Tooltip title="Fit to view">
              <IconButton aria-label="Fit to view" onClick={() => plots.current?.fit()}>
                <CenterFocusStrong />
              </IconButton>
            </Tooltip>
          </Box>
        </Stack>
      </Paper>
      <Box sx={{ height: 4 }}>{busy && <LinearProgress />}</Box>
      {runIds.length < 2 ? (
        <Alert severity="info">Choose two or more runs to compare them side by side.</Alert>
      ) : (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ComparePlots
              ref={plots}
              panels={panels}
              colorMode={expression ? 'continuous' : 'categorical'}
              palette={view.palette}
              range={range}
              background={backgroundCss('black', lut)}
            />
          </Box>
          <Paper variant="outlined" sx={{ width: 200, p: 1.5 }} data-testid="compare-legend">
            {expression ? (
              <HeatBar
                palette={view.palette}
                range={range}
                title={view.features.length > 1 ? `Average of ${view.features.length}` : view.features[0]}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Coloured by each run&apos;s clusters. Choose features to colour every run on one range.
              </Typography>
            )}
          </Paper>
        </Box>
      )}
      {runIds.length >= 2 && clusterNames.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" gutterBottom>
            Selection: clusters ranked against the rest in every run
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
            {clusterNames.map((name) => {
              const chosen = clusters.includes(name);
              return (
                <Chip
                  key={name}
                  size="small"
                  label={name}
                  color={chosen ? 'primary' : 'default'}
                  variant={chosen ? 'filled' : 'outlined'}
                  onClick={() =>
                    update({ clusters: chosen ? clusters.filter((c) => c !== name) : [...clusters, name] })
                  }
                  aria-pressed={chosen}
                />
              );
            })}
          </Stack>
          <CompareRankTables runIds={runIds} runs={data.data} kind={view.kind} clusters={clusters} />
        </Paper>
      )}
    </Box>
  );
}
