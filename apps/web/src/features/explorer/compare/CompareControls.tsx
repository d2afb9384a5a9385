/** Atlas Compare's controls: the runs, the kind and features they are coloured by, the palette, and the tools. */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FeatureKind } from '@atlas/contracts';
import { HEATMAP_PALETTES, type HeatmapPalette } from '@atlas/viz';
import { useRuns } from '../data/runMeta';
import { CompareTools, type Tool } from './CompareTools';
import type { ComparePatch } from './useCompareAddress';

const KINDS: Record<FeatureKind, string> = { genes: 'Genes', motifs: 'Motifs', eRegulons: 'eRegulons' };
const MAX_SUGGESTIONS = 50;

export function CompareControls({
  runIds,
  onRuns,
  kind,
  features,
  suggestions,
  palette,
  update,
  tool,
  onTool,
  onZoom,
  onFit,
}: {
  runIds: string[];
  onRuns: (ids: string[]) => void;
  kind: FeatureKind;
  features: string[];
  /** Feature names of the first run, offered as the user types. */
  suggestions: readonly string[];
  palette: HeatmapPalette;
  update: (patch: ComparePatch) => void;
  tool: Tool;
  onTool: (tool: Tool) => void;
  onZoom: (factor: number) => void;
  onFit: () => void;
}) {
  const runs = useRuns();
  return (
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
          onChange={(_, ids) => onRuns(ids)}
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
          value={kind}
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
          value={features}
          onChange={(_, chosen) => update({ features: chosen.map((f) => f.trim()).filter(Boolean) })}
          renderInput={(p) => <TextField {...p} label="Features" placeholder="Type a name, Enter" />}
          sx={{ minWidth: 240, flex: 2 }}
        />
        <TextField
          select
          size="small"
          label="Palette"
          value={palette}
          onChange={(e) => update({ palette: e.target.value as HeatmapPalette })}
          sx={{ minWidth: 110 }}
        >
          {HEATMAP_PALETTES.filter((p) => p !== 'custom').map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <CompareTools tool={tool} onTool={onTool} onZoom={onZoom} onFit={onFit} />
      </Stack>
    </Paper>
  );
}
