/**
 * `?component=AtlasCompare` (admin; spec 01 §2): two or more runs side by side in one WebGL context (packages/viz
 * ComparePlots), coloured by their clusters or by the same features on ONE colour range, with linked zoom; a
 * selection of clusters is ranked in every run (gene.compute_qc, the explorer's selection task) and each run's top
 * features are shown in adjacent tables. The selection is either clusters (the same in every run) or a lasso drawn
 * over each run. The address holds the runs, kind, features, palette, chosen clusters and lassos (the explorer's
 * versioned view-state schema: the first run is `run_id`, the others `samples`).
 */
import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ComparePlots, heatmapLut, type ComparePlotsHandle } from '@atlas/viz';
import { useFeatureNamesList, useFeatureValuesList, useRunDataList } from '../data/multiSample';
import { backgroundCss } from '../plots/colours';
import { CompareControls } from './CompareControls';
import { CompareLegend } from './CompareLegend';
import { CompareSelection } from './CompareSelection';
import type { Tool } from './CompareTools';
import { runSelections } from './runSelections';
import { useCompareAddress } from './useCompareAddress';
import { useComparePanels } from './useComparePanels';

export function AtlasCompare() {
  const { view, runIds, clusters, by, lassoText, lassos, update } = useCompareAddress();
  const [tool, setTool] = useState<Tool>('pan');
  const setRuns = (ids: string[]) =>
    update({ run_id: ids[0] ?? null, samples: ids.slice(1), clusters: [], lassos: {} });
  const chooseTool = (next: Tool) => {
    setTool(next);
    if (next !== 'pan' && by !== 'lasso') update({ by: 'lasso' });
  };

  const data = useRunDataList(runIds);
  const expression = view.features.length > 0;
  const names = useFeatureNamesList(runIds, view.kind, true);
  const values = useFeatureValuesList(runIds, view.kind, view.features, names.data);
  const plots = useRef<ComparePlotsHandle>(null);
  const { panels, range } = useComparePanels({ runIds, view, data, names, values });

  const clusterNames = useMemo(
    () =>
      [...new Set(data.data.flatMap((d) => d?.clusterNames ?? []))].sort((a, b) =>
        a.localeCompare(b, undefined, { numeric: true }),
      ),
    [data.data],
  );
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
      <CompareControls
        runIds={runIds}
        onRuns={setRuns}
        kind={view.kind}
        features={view.features}
        suggestions={names.data[0]?.names ?? []}
        palette={view.palette}
        update={update}
        tool={tool}
        onTool={chooseTool}
        onZoom={(factor) => plots.current?.zoom(factor)}
        onFit={() => plots.current?.fit()}
      />
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
          <CompareLegend features={view.features} palette={view.palette} background={background} range={range} />
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
