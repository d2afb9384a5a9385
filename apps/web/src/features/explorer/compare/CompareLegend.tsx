/** Atlas Compare's legend beside the plots: the shared heat bar, or a note that each run shows its own clusters. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { HeatmapPalette } from '@atlas/viz';
import { HeatBar } from '../plots/Legends';

export function CompareLegend({
  features,
  palette,
  background,
  range,
}: {
  features: readonly string[];
  palette: HeatmapPalette;
  background: string;
  range: [number, number];
}) {
  return (
    <Paper variant="outlined" sx={{ width: 200, p: 1.5 }} data-testid="compare-legend">
      {features.length > 0 ? (
        <HeatBar
          palette={palette}
          background={background}
          range={range}
          title={features.length > 1 ? `Average of ${features.length}` : features[0]}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Coloured by each run&apos;s clusters. Choose features to colour every run on one range.
        </Typography>
      )}
    </Paper>
  );
}
