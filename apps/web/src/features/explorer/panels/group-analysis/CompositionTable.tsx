/** One selection's composition as a table: each group in / rest, odds ratio, Fisher p and BH-adjusted p. */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Composition } from '@atlas/spatial/group-stats';
import { formatP, formatRatio, percent } from './groupColumns';

const HEADERS = ['Group', 'In', '% in', 'Rest', '% rest', 'Odds ratio', 'p', 'p adj.'];

export function CompositionTable({
  label,
  result,
  colours,
}: {
  label: string;
  result: Composition;
  colours: readonly string[];
}) {
  return (
    <Box sx={{ minWidth: 0, overflowX: 'auto' }}>
      <Typography variant="subtitle2" sx={{ px: 1 }}>
        {label}: {result.totalIn.toLocaleString('en')} tixels in, {result.totalRest.toLocaleString('en')} in the rest
      </Typography>
      <Table size="small" aria-label={`Composition of ${label}`} data-testid="composition-table">
        <TableHead>
          <TableRow>
            {HEADERS.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row) => (
            <TableRow
              key={row.index}
              data-testid="composition-row"
              data-group={row.name}
              data-significant={row.pAdjusted < 0.05}
            >
              <TableCell>
                <Box
                  component="span"
                  sx={{ display: 'inline-block', width: 10, height: 10, mr: 1, bgcolor: colours[row.index] }}
                />
                {row.name}
              </TableCell>
              <TableCell align="right">{row.countIn.toLocaleString('en')}</TableCell>
              <TableCell align="right">{percent(row.fractionIn)}</TableCell>
              <TableCell align="right">{row.countRest.toLocaleString('en')}</TableCell>
              <TableCell align="right">{percent(row.fractionRest)}</TableCell>
              <TableCell align="right">{formatRatio(row.oddsRatio)}</TableCell>
              <TableCell align="right">{formatP(row.p)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: row.pAdjusted < 0.05 ? 'bold' : undefined }}>
                {formatP(row.pAdjusted)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
