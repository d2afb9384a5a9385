/**
 * Distributions (lower panel, issue 34): chosen genes across clusters, cell types or the run's annotations as a
 * violin, a dot plot (fraction > 0 × mean, scanpy's) or a heatmap of scaled means, in the explorer's group colours
 * and heat palette, with the figure export. The values are the explorer's own per-feature requests (cached, shared
 * with the plots), so a gene already shown costs no request.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { GROUP_ANALYSIS, GROUP_ANALYSIS_MSG } from '@atlas/contracts';
import { membersOfCodes } from '@atlas/spatial/group-stats';
import { heatBarShades, heatmapLut, SceneSvg, type PlotGroup } from '@atlas/viz';
import { useFeatureNames } from '../../data/featureNames';
import { useFeatureValues } from '../../data/featureValues';
import { useRunData } from '../../data/runData';
import { useTopTen } from '../../data/topTen';
import { useExplorer } from '../../state/store';
import { distributionScene, PLOT_KIND_LABEL, topMarkers, type PlotKind } from './distributionScene';
import { ExportSceneButton } from './ExportSceneButton';
import { GROUP_BY_LABEL, useAnnotationGroups, useGroupColumns, type GroupBy } from './groupColumns';

/** 30k names: the list shows the first matches only, so typing stays quick. */
const filterNames = createFilterOptions<string>({ limit: 50 });

/** The controls' row: wraps on narrow screens, each control at its own width. */
const CONTROLS = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 } as const;

export function DistributionsPanel() {
  const run = useExplorer((s) => s.run);
  const kind = useExplorer((s) => s.kind);
  const chosen = useExplorer((s) => s.features);
  const palette = useExplorer((s) => s.palette);
  const customColors = useExplorer((s) => s.customColors);
  const data = useRunData(run).data;
  const names = useFeatureNames(run, kind);
  const columns = useGroupColumns(data);
  // The genes coloured in the plots are the first ones drawn.
  const [features, setFeatures] = useState<string[]>(() => chosen.slice(0, GROUP_ANALYSIS.maxFeatures));
  const [by, setBy] = useState<GroupBy>('clusters');
  const [plot, setPlot] = useState<PlotKind>('violin');
  const topTen = useTopTen(run, kind).data;
  const annotationGroups = useAnnotationGroups(by === 'annotations');
  const { values, loading, error } = useFeatureValues(run, kind, features, names.data);

  const groups = useMemo((): { groups: PlotGroup[]; members: Int32Array[] } | null => {
    if (by === 'annotations') {
      const { annotations, members } = annotationGroups;
      return members ? { groups: annotations.map((a) => ({ name: a.name, colour: a.color })), members } : null;
    }
    const column = by === 'cellTypes' ? columns.cellTypes : columns.clusters;
    if (!column) return null;
    return {
      groups: column.names.map((name, i) => ({ name, colour: column.colours[i]! })),
      members: membersOfCodes(column.codes, column.names.length),
    };
  }, [by, annotationGroups, columns]);

  const shades = useMemo(() => heatBarShades(heatmapLut(palette, customColors), 64), [palette, customColors]);
  const scene = useMemo(() => {
    if (!values || !groups || values.length !== features.length || groups.groups.length === 0) return null;
    const title = `${data?.runId ?? ''} · ${PLOT_KIND_LABEL[plot].toLowerCase()} by ${GROUP_BY_LABEL[by].toLowerCase()}`;
    return distributionScene({ kind: plot, title, features, values, shades, ...groups });
  }, [values, groups, features, plot, by, shades, data?.runId]);

  if (!run) return null;
  const markers = topTen ? topMarkers(topTen['1'], GROUP_ANALYSIS.markersPerCluster, GROUP_ANALYSIS.maxFeatures) : [];
  const empty =
    features.length === 0
      ? GROUP_ANALYSIS_MSG.distributionsEmpty
      : by === 'annotations' && !annotationGroups.loading && annotationGroups.annotations.length === 0
        ? GROUP_ANALYSIS_MSG.noAnnotationsToGroup
        : null;
  return (
    <Box data-testid="distributions-panel" sx={{ p: 1 }}>
      <Box sx={CONTROLS}>
        <Autocomplete
          multiple
          size="small"
          options={names.data?.names ?? []}
          filterOptions={filterNames}
          loading={names.isLoading}
          value={features}
          onChange={(_, next) => setFeatures(next.slice(0, GROUP_ANALYSIS.maxFeatures))}
          sx={{ minWidth: 320, flex: 1 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Genes"
              placeholder="Search"
              helperText={
                features.length >= GROUP_ANALYSIS.maxFeatures ? GROUP_ANALYSIS_MSG.tooManyFeatures : undefined
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'distributions-genes' },
              }}
            />
          )}
        />
        <Button
          size="small"
          disabled={markers.length === 0}
          title={markers.length ? undefined : GROUP_ANALYSIS_MSG.noTopMarkers}
          onClick={() => setFeatures(markers)}
        >
          Top markers
        </Button>
        <TextField
          select
          fullWidth={false}
          size="small"
          label="Group by"
          value={by}
          onChange={(e) => setBy(e.target.value as GroupBy)}
          sx={{ width: 160 }}
        >
          <MenuItem value="clusters">{GROUP_BY_LABEL.clusters}</MenuItem>
          <MenuItem value="cellTypes" disabled={!columns.cellTypes}>
            {GROUP_BY_LABEL.cellTypes}
          </MenuItem>
          <MenuItem value="annotations">{GROUP_BY_LABEL.annotations}</MenuItem>
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={plot}
          onChange={(_, v: PlotKind | null) => v && setPlot(v)}
          aria-label="Plot"
        >
          {(Object.keys(PLOT_KIND_LABEL) as PlotKind[]).map((k) => (
            <ToggleButton key={k} value={k} data-testid={`distributions-${k}`}>
              {PLOT_KIND_LABEL[k]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ExportSceneButton scene={scene} baseName={`${data?.runId ?? 'run'}_${plot}`} testId="distributions-export" />
      </Box>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : empty ? (
        <Alert severity="info">{empty}</Alert>
      ) : !scene || loading ? (
        <CircularProgress size={28} aria-label="Loading" />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <SceneSvg
            scene={scene}
            label={`${PLOT_KIND_LABEL[plot]} of ${features.join(', ')}`}
            testId="distributions-figure"
            zoom={1.5}
          />
        </Box>
      )}
    </Box>
  );
}
