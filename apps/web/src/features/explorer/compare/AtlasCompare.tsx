/**
 * `?component=AtlasCompare` (admin; spec 01 §2): two or more runs side by side in one WebGL context (packages/viz
 * ComparePlots), coloured by their clusters or by the same features on ONE colour range, with linked zoom; a
 * selection of clusters is ranked in every run (gene.compute_qc, the explorer's selection task) and each run's top
 * features are shown in adjacent tables. The selection is either clusters (the same in every run) or a lasso drawn
 * over each run. The address holds the runs, kind, features, palette, chosen clusters and lassos (the explorer's
 * versioned view-state schema: the first run is `run_id`, the others `samples`).
 */
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXPLORER_MSG, parseViewQuery, writeViewQuery, type FeatureKind, type TViewState } from '@atlas/contracts';
import {
  ComparePlots,
  HEATMAP_PALETTES,
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
import { CompareSelection } from './CompareSelection';
import { CompareTools, type Tool } from './CompareTools';
import { LASSO_KEY, readLassos, writeLassos } from './lassoQuery';
import { runSelections, type SelectBy } from './runSelections';
import { sharedRange } from './sharedRange';

const KINDS: Record<FeatureKind, string> = { genes: 'Genes', motifs: 'Motifs', eRegulons: 'eRegulons' };
/** The address key of the chosen clusters (ours, beside the view-state fields). */
const CLUSTERS_KEY = 'clusters';
/** The address key of the selection kind (`lasso`; clusters when absent). */
const SELECT_KEY = 'select';
type Patch = Partial<Omit<TViewState, 'v'>> & {
  clusters?: string[];
  lassos?: Record<string, Float32Array>;
  by?: SelectBy;
};
const MAX_SUGGESTIONS = 50;

/**
 * The same array as long as its items are the same: the parsed address gives new arrays on every render, and the
 * lists below key the queries and the plots' buffers, which must not change with a render that changes nothing.
 */
function useSameList(list: readonly string[]): string[] {
  const key = JSON.stringify(list);
  return useMemo(() => JSON.parse(key) as string[], [key]);
}

export function AtlasCompare() {
  const [params, setParams] = useSearchParams();
  const view = parseViewQuery(params);
  const runIds = useSameList(view.run_id ? [view.run_id, ...view.samples] : []);
  const clusters = useMemo(() => (params.get(CLUSTERS_KEY) ?? '').split(',').filter(Boolean), [params]);
  const by: SelectBy = params.get(SELECT_KEY) === 'lasso' ? 'lasso' : 'clusters';
  const lassoText = params.get(LASSO_KEY);
  const lassos = useMemo(() => readLassos(lassoText, runIds), [lassoText, runIds]);
  const [tool, setTool] = useState<Tool>('pan');
  const update = (patch: Patch) =>
    setParams(
      (prev) => {
        const current = parseViewQuery(prev);
        const { clusters: chosen, lassos: drawn, by: kindOf, ...fields } = patch;
        const next = writeViewQuery(prev, { ...current, ...fields });
        const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (chosen !== undefined) put(CLUSTERS_KEY, chosen.join(','));
        if (drawn !== undefined) put(LASSO_KEY, writeLassos(drawn));
        if (kindOf !== undefined) put(SELECT_KEY, kindOf === 'lasso' ? 'lasso' : null);
        return next;
      },
      { replace: true },
    );
  const setRuns = (ids: string[]) =>
    update({ run_id: ids[0] ?? null, samples: ids.slice(1), clusters: [], lassos: {} });
  const chooseTool = (next: Tool) => {
    setTool(next);
    if (next !== 'pan' && by !== 'lasso') update({ by: 'lasso' });
  };

  const runs = useRuns();
  const data = useRunDataList(runIds);
  const expression = view.features.length > 0;
  const names = useFeatureNamesList(runIds, view.kind, true);
  const values = useFeatureValuesList(runIds, view.kind, view.features, names.data);
  const plots = useRef<ComparePlotsHandle>(null);

  // Each run coloured as the explorer colours a sample, then every run put on one range.
  // Memoised on the query lists (which keep their identity), so the plots' buffers are uploaded once per change.
  const features = useSameList(view.features);
  const { averaging } = view;
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
    [runIds, data.data, names, values.data, features, averaging],
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
  const background = backgroundCss('black', lut);
  const busy = data.fetching || names.fetching || values.fetching;
  const selections = useMemo(
    () => runSelections(runIds, data.data, by, clusters, lassos),
    [runIds, data.data, by, clusters, lassos],
  );
  const selectionKey = by === 'clusters' ? `clusters:${clusters.join(',')}` : `lasso:${lassoText ?? ''}`;

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
          <CompareTools
            tool={tool}
            onTool={chooseTool}
            onZoom={(factor) => plots.current?.zoom(factor)}
            onFit={() => plots.current?.fit()}
          />
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
              background={background}
              tool={tool}
              selections={by === 'lasso' ? lassos : undefined}
              onSelect={(id, polygon) => update({ by: 'lasso', lassos: { ...lassos, [id]: polygon } })}
            />
          </Box>
          <Paper variant="outlined" sx={{ width: 200, p: 1.5 }} data-testid="compare-legend">
            {expression ? (
              <HeatBar
                palette={view.palette}
                background={background}
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
      {runIds.length >= 2 && (
        <CompareSelection
          runIds={runIds}
          kind={view.kind}
          by={by}
          onBy={(next) => update({ by: next })}
          clusterNames={clusterNames}
          clusters={clusters}
          onClusters={(chosen) => update({ clusters: chosen })}
          selections={selections}
          selectionKey={selectionKey}
          onClearLassos={() => update({ lassos: {} })}
        />
      )}
    </Box>
  );
}
