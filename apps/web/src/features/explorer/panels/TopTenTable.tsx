/**
 * The Feature Table's table (pure): one column per cluster with its colour, the ten names of each, the Anti
 * switch between the most enriched and the most depleted, chosen names marked; clicking a name picks it.
 */
import { memo, useMemo } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EXPLORER_MSG, KIND_LABEL, type FeatureKind } from '@atlas/contracts';
import { CATEGORY_COLOURS } from '@atlas/viz';
import type { TopTen } from '../data/topTen';
import { clusterColour } from '../plots/colours';

export interface TopTenTableProps {
  topTen: TopTen;
  kind: FeatureKind;
  /** The run's cluster names (natural order); columns beyond them are called C1, C2, … */
  clusters: readonly string[];
  /** Color Configuration overrides, cluster name → hex. */
  clusterColors: Record<string, string>;
  /** The chosen features (marked). */
  features: readonly string[];
  anti: boolean;
  onAntiChange: (anti: boolean) => void;
  onPick: (name: string) => void;
}

export function TopTenTable({
  topTen,
  kind,
  clusters,
  clusterColors,
  features,
  anti,
  onAntiChange,
  onPick,
}: TopTenTableProps) {
  // A file's table may hold blank places (a cluster with fewer ranked features): rows with no name are not shown.
  const rows = useMemo(() => topTen[anti ? '-1' : '1'].filter((row) => row.some(Boolean)), [topTen, anti]);
  // One array while the table is the same: the rows are memoised on it.
  const names = useMemo(() => {
    const width = Math.max(0, ...rows.map((r) => r.length));
    return Array.from({ length: width }, (_, c) => clusters[c] ?? `C${c + 1}`);
  }, [rows, clusters]);
  const chosen = new Set(features);

  return (
    <Box data-testid="feature-table">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {anti ? `Most depleted ${KIND_LABEL[kind].one}s per cluster` : `Top ten ${KIND_LABEL[kind].one}s per cluster`}
        </Typography>
        <FormControlLabel
          control={<Switch checked={anti} onChange={(e) => onAntiChange(e.target.checked)} />}
          label="Anti"
        />
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 1, py: 2 }}>
          {anti
            ? EXPLORER_MSG.noDepletedFeatures(KIND_LABEL[kind].one)
            : EXPLORER_MSG.noRankedFeatures(KIND_LABEL[kind].one)}
        </Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={anti ? 'Anti feature table' : 'Feature table'}>
            <TopTenHead clusters={names} clusterColors={clusterColors} />
            <TableBody>
              {rows.map((row, r) => (
                <TopTenRow
                  key={r}
                  rank={r + 1}
                  row={row}
                  clusters={names}
                  chosenHere={row.filter((name) => name && chosen.has(name)).join('\n')}
                  onPick={onPick}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/**
 * One rank's row. Memoised on the names chosen in it: a gene pick re-renders the one or two rows it marks or unmarks,
 * not the whole table (~450 components of the pick's click render on a 2-core machine, about half of it).
 */
const TopTenRow = memo(function TopTenRow({
  rank,
  row,
  clusters,
  chosenHere,
  onPick,
}: {
  rank: number;
  row: readonly string[];
  clusters: readonly string[];
  /** The row's chosen names, newline-joined (a string, so the memo compares it by value). */
  chosenHere: string;
  onPick: (name: string) => void;
}) {
  const chosen = new Set(chosenHere.split('\n'));
  return (
    <TableRow>
      <TableCell sx={{ color: 'text.secondary' }}>{rank}</TableCell>
      {clusters.map((cluster, c) => {
        const name = row[c] ?? '';
        const selected = name !== '' && chosen.has(name);
        return (
          <TableCell
            key={cluster}
            role={name ? 'button' : undefined}
            tabIndex={name ? 0 : undefined}
            aria-pressed={name ? selected : undefined}
            data-feature={name || undefined}
            onClick={name ? () => onPick(name) : undefined}
            onKeyDown={name ? (e) => (e.key === 'Enter' || e.key === ' ') && onPick(name) : undefined}
            sx={{
              cursor: name ? 'pointer' : undefined,
              whiteSpace: 'nowrap',
              fontWeight: selected ? 700 : undefined,
              bgcolor: selected ? 'action.selected' : undefined,
              '&:hover': name ? { bgcolor: 'action.hover' } : undefined,
            }}
          >
            {name}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

/** The clusters' header with their colours: memoised, as the rows are, so a gene pick leaves it. */
const TopTenHead = memo(function TopTenHead({
  clusters,
  clusterColors,
}: {
  clusters: readonly string[];
  clusterColors: Record<string, string>;
}) {
  return (
    <TableHead>
      <TableRow>
        <TableCell sx={{ width: 32 }}>#</TableCell>
        {clusters.map((name, c) => (
          <TableCell key={name} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: '50%',
                mr: 0.75,
                bgcolor: clusterColour(CATEGORY_COLOURS, clusterColors, name, c),
              }}
            />
            {name}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
});
