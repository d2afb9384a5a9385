/** Legends beside the plots: the cluster / cell-type list with checkboxes and counts, and the colour scale. */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { heatBarShades, heatBarTicks, heatmapLut, type HeatmapPalette } from '@atlas/viz';

/** One row per category: colour swatch, name, count; clicking toggles its highlight (others dimmed). */
export function CategoryLegend({
  names,
  counts,
  colors,
  highlighted,
  onToggle,
}: {
  names: string[];
  counts: number[];
  colors: string[];
  highlighted: string[];
  onToggle: (name: string) => void;
}) {
  const chosen = new Set(highlighted);
  return (
    <List dense disablePadding aria-label="Clusters" data-testid="cluster-legend">
      {names.map((name, i) => (
        <ListItemButton key={name} onClick={() => onToggle(name)} sx={{ py: 0, pl: 0.5 }} selected={chosen.has(name)}>
          <ListItemIcon sx={{ minWidth: 0 }}>
            <Checkbox
              edge="start"
              size="small"
              checked={chosen.size === 0 || chosen.has(name)}
              tabIndex={-1}
              disableRipple
              slotProps={{ input: { 'aria-label': name } }}
              sx={{ color: colors[i], '&.Mui-checked': { color: colors[i] }, p: 0.5 }}
            />
          </ListItemIcon>
          <ListItemText
            primary={name}
            secondary={counts[i]?.toLocaleString()}
            slotProps={{
              primary: { noWrap: true, title: name, variant: 'body2' },
              secondary: { variant: 'caption' },
            }}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, my: 0.25 }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

const tickLabel = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

/**
 * The heat bar: 64 shades of the palette from the range's low end to its high end, with 5 tick labels. It takes
 * the plots' background so that its low end is lifted off it exactly as the plots' is (heatmapLut).
 */
export function HeatBar({
  palette,
  customColors,
  background,
  range,
  title,
}: {
  palette: HeatmapPalette;
  customColors?: [string, string];
  /** The CSS colour behind the plots. */
  background: string;
  range: [number, number];
  title?: string;
}) {
  const shades = useMemo(
    () => heatBarShades(heatmapLut(palette, customColors, background)),
    [palette, customColors, background],
  );
  const ticks = heatBarTicks(range[0], range[1]);
  return (
    <Box data-testid="heat-bar" sx={{ width: '100%' }}>
      {title && (
        <Typography variant="caption" component="div" noWrap title={title} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      {/* Plain elements with inline styles: 64 styled components would cost a recolour several ms. */}
      <div
        style={{
          display: 'flex',
          height: 14,
          borderRadius: 2,
          overflow: 'hidden',
          border: '1px solid rgba(0,0,0,0.12)',
        }}
      >
        {shades.map((c, i) => (
          <span key={i} style={{ flex: 1, background: c }} />
        ))}
      </div>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        {ticks.map((t, i) => (
          <Typography key={i} variant="caption" sx={{ fontSize: 10 }}>
            {tickLabel(t)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
