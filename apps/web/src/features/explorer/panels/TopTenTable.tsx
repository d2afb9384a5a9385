/**
 * The Feature Table's table (pure): one column per cluster with its colour, the ten names of each, the Anti
 * switch between the most enriched and the most depleted, chosen names marked; clicking a name picks it.
 */
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
  const rows = topTen[anti ? '-1' : '1'].filter((row) => row.some(Boolean));
  const width = Math.max(0, ...rows.map((r) => r.length));
  const names = Array.from({ length: width }, (_, c) => clusters[c] ?? `C${c + 1}`);
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
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 32 }}>#</TableCell>
                {names.map((name, c) => (
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
            <TableBody>
              {rows.map((row, r) => (
                <TableRow key={r}>
                  <TableCell sx={{ color: 'text.secondary' }}>{r + 1}</TableCell>
                  {names.map((cluster, c) => {
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
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
