/**
 * Composition (lower panel, issue 34): which clusters or cell types the current selection or a saved annotation
 * holds against the rest of the run: stacked bars and a table with each group's Fisher's exact test (BH-adjusted
 * across groups), for one selection or two side by side. Computed in the browser from the tixel table it already
 * holds, in time proportional to the selection.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_ANALYSIS_MSG } from '@atlas/contracts';
import { composition, type Composition } from '@atlas/spatial/group-stats';
import { compositionFigure, SceneSvg } from '@atlas/viz';
import { useAnnotations } from '../../data/annotations';
import { useRunData } from '../../data/runData';
import { useExplorer } from '../../state/store';
import { CompositionTable } from './CompositionTable';
import { ExportSceneButton } from './ExportSceneButton';
import { GROUP_BY_LABEL, SELECTION_KEY, useGroupColumns, useSourceTixels, type Source } from './groupColumns';

const NONE = 'none';

function SourcePicker(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { key: string; label: string }[];
  allowNone?: boolean;
  testId: string;
}) {
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ width: 220 }}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    >
      {props.allowNone && <MenuItem value={NONE}>{GROUP_ANALYSIS_MSG.noSecondSource}</MenuItem>}
      {props.options.map((o) => (
        <MenuItem key={o.key} value={o.key}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The controls' row: wraps on narrow screens, each control at its own width. */
const CONTROLS = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 } as const;

export function CompositionPanel() {
  const run = useExplorer((s) => s.run);
  const selection = useExplorer((s) => s.selection);
  const data = useRunData(run).data;
  const annotations = useAnnotations(run).data ?? [];
  const columns = useGroupColumns(data);
  const [by, setBy] = useState<'clusters' | 'cellTypes'>('clusters');
  const [firstChoice, setFirst] = useState<string | null>(null);
  const [second, setSecond] = useState<string>(NONE);
  const options = [
    ...(selection ? [{ key: SELECTION_KEY, label: GROUP_ANALYSIS_MSG.currentSelection }] : []),
    ...annotations.map((a) => ({ key: a.id, label: a.name })),
  ];
  // Until one is chosen, the current selection (else the first annotation) is analysed.
  const first = firstChoice && options.some((o) => o.key === firstChoice) ? firstChoice : (options[0]?.key ?? NONE);
  const sourceA = useSourceTixels(first, annotations);
  const sourceB = useSourceTixels(second, annotations);
  const column = by === 'cellTypes' && columns.cellTypes ? columns.cellTypes : columns.clusters;

  const results = useMemo(() => {
    if (!column) return null;
    const of = (source: Source | null): { source: Source; result: Composition } | null =>
      source?.tixels ? { source, result: composition(column.codes, column.names, source.tixels, column.counts) } : null;
    return [of(sourceA), of(sourceB)].filter((r) => r !== null);
  }, [column, sourceA, sourceB]);

  const scene = useMemo(() => {
    if (!column || !results?.length) return null;
    const bars = results.flatMap(({ source, result }) => [
      { label: source.label, total: result.totalIn, fractions: result.rows.map((r) => r.fractionIn) },
      { label: `Rest`, total: result.totalRest, fractions: result.rows.map((r) => r.fractionRest) },
    ]);
    const groups = column.names.map((name, i) => ({ name, colour: column.colours[i]! }));
    return compositionFigure({
      title: `${data?.runId ?? ''} · composition by ${GROUP_BY_LABEL[by].toLowerCase()}`,
      groups,
      bars,
    });
  }, [column, results, data?.runId, by]);

  if (!run) return null;
  if (!data || !column) return <CircularProgress size={28} aria-label="Loading" />;
  const waiting = (sourceA && !sourceA.tixels) || (sourceB && !sourceB.tixels);
  return (
    <Box data-testid="composition-panel" sx={{ p: 1 }}>
      <Box sx={CONTROLS}>
        <SourcePicker
          label="Selection"
          value={first}
          onChange={setFirst}
          options={options}
          testId="composition-first"
        />
        <SourcePicker
          label="Compare with"
          value={second}
          onChange={setSecond}
          options={options.filter((o) => o.key !== first)}
          allowNone
          testId="composition-second"
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label="Group by"
          value={by}
          onChange={(e) => setBy(e.target.value as 'clusters' | 'cellTypes')}
          sx={{ width: 160 }}
        >
          <MenuItem value="clusters">{GROUP_BY_LABEL.clusters}</MenuItem>
          <MenuItem value="cellTypes" disabled={!columns.cellTypes}>
            {GROUP_BY_LABEL.cellTypes}
          </MenuItem>
        </TextField>
        <ExportSceneButton scene={scene} baseName={`${data.runId}_composition`} testId="composition-export" />
      </Box>
      {!sourceA ? (
        <Alert severity="info">{GROUP_ANALYSIS_MSG.compositionEmpty}</Alert>
      ) : waiting ? (
        <CircularProgress size={28} aria-label="Loading" />
      ) : (
        <>
          {scene && <SceneSvg scene={scene} label="Composition bars" testId="composition-figure" zoom={1.25} />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            {results?.map(({ source, result }) =>
              result.totalIn === 0 ? (
                <Alert key={source.key} severity="info">
                  {GROUP_ANALYSIS_MSG.compositionEmptySource}
                </Alert>
              ) : (
                <CompositionTable key={source.key} label={source.label} result={result} colours={column.colours} />
              ),
            )}
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
            {GROUP_ANALYSIS_MSG.enrichmentNote}
          </Typography>
        </>
      )}
    </Box>
  );
}
