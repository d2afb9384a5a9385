/**
 * Atlas Compare's selection panel: select by clusters (chips, the same clusters in every run) or by lasso (a shape
 * drawn over each run with the lasso or rectangle tool), the count each run has, and the ranked tables.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { FeatureKind } from '@atlas/contracts';
import { CompareRankTables, type RunSelection } from './CompareRankTables';
import { ObservationCount } from './ObservationCount';
import type { SelectBy } from './runSelections';

export function CompareSelection({
  runIds,
  kind,
  by,
  onBy,
  clusterNames,
  clusters,
  onClusters,
  selections,
  selectionKey,
  onClearLassos,
}: {
  runIds: readonly string[];
  kind: FeatureKind;
  by: SelectBy;
  onBy: (by: SelectBy) => void;
  clusterNames: readonly string[];
  clusters: readonly string[];
  onClusters: (clusters: string[]) => void;
  selections: readonly (RunSelection | null)[];
  selectionKey: string;
  onClearLassos: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="compare-selection">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">Selection, ranked against the rest in every run</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={by}
          onChange={(_, v: SelectBy | null) => v && onBy(v)}
          aria-label="Select by"
        >
          <ToggleButton value="clusters">Clusters</ToggleButton>
          <ToggleButton value="lasso">Lasso</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {by === 'clusters' ? (
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
                onClick={() => onClusters(chosen ? clusters.filter((c) => c !== name) : [...clusters, name])}
                aria-pressed={chosen}
              />
            );
          })}
        </Stack>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Draw around a region of each run with the lasso or rectangle tool; each run is ranked on its own shape.
          </Typography>
          <Button size="small" onClick={onClearLassos}>
            Clear lassos
          </Button>
        </Box>
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }} data-testid="compare-selected-counts">
        {runIds.map((id, i) => (
          <SelectedCount key={id} runId={id} selection={selections[i]} />
        ))}
      </Stack>
      <CompareRankTables runIds={runIds} selections={selections} selectionKey={selectionKey} kind={kind} />
    </Paper>
  );
}

/** One run's selected count, in what that run's observations are called (cells on a cell run). */
function SelectedCount({ runId, selection: s }: { runId: string; selection: RunSelection | null | undefined }) {
  return (
    <Typography variant="caption" data-run-id={runId} color={s && 'note' in s ? 'warning.main' : 'text.primary'}>
      {runId}: {!s ? '…' : 'note' in s ? s.note : <ObservationCount runId={runId} count={s.tixels.length} />}
      {s && 'tixels' in s && ' selected'}
    </Typography>
  );
}
