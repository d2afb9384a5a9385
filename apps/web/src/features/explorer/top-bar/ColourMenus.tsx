/** The top bar's Background Color and Heat Map menus (spec 03 §2.1); each reads and sets its store field. */
import { memo, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Palette from '@mui/icons-material/Palette';
import { HEATMAP_PALETTES, heatBarShades, heatmapLut, type BackgroundName, type HeatmapPalette } from '@atlas/viz';
import { backgroundCss } from '../plots/colours';
import { markRecolour } from '../plots/timings';
import { useExplorer } from '../state/store';

const BACKGROUNDS: (BackgroundName | 'heatmap')[] = ['black', 'white', 'darkgrey', 'heatmap'];

// Memoised: they read the store themselves, and the top bar re-renders on every load.
export const BackgroundMenu = memo(function BackgroundMenu() {
  const s = useExplorer(
    useShallow((st) => ({
      background: st.background,
      palette: st.palette,
      customColors: st.customColors,
      patch: st.patch,
    })),
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lut = useMemo(() => heatmapLut(s.palette, s.customColors), [s.palette, s.customColors]);
  return (
    <>
      <Button size="small" variant="outlined" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        Background Color
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {BACKGROUNDS.map((b) => (
          <MenuItem
            key={b}
            selected={s.background === b}
            onClick={() => {
              markRecolour('background');
              s.patch({ background: b });
              setAnchor(null);
            }}
          >
            <Box
              sx={{
                width: 14,
                height: 14,
                mr: 1,
                border: 1,
                borderColor: 'divider',
                background: backgroundCss(b, lut),
              }}
            />
            {b === 'heatmap' ? 'Heatmap' : b}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
});

export const HeatMapMenu = memo(function HeatMapMenu() {
  const s = useExplorer(useShallow((st) => ({ palette: st.palette, customColors: st.customColors, patch: st.patch })));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Palette />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        Heat Map
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {HEATMAP_PALETTES.map((p: HeatmapPalette) => (
          <MenuItem
            key={p}
            selected={s.palette === p}
            onClick={() => {
              markRecolour('palette');
              s.patch({ palette: p });
              setAnchor(null);
            }}
            sx={{ minWidth: 220 }}
          >
            <Box sx={{ width: 60, mr: 1 }}>
              <PaletteSwatch palette={p} customColors={s.customColors} />
            </Box>
            {p}
          </MenuItem>
        ))}
        {s.palette === 'custom' && (
          <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, alignItems: 'center' }}>
            <Typography variant="caption">Low</Typography>
            <input
              type="color"
              aria-label="Custom low colour"
              value={s.customColors[0]}
              onChange={(e) => s.patch({ customColors: [e.target.value, s.customColors[1]] })}
            />
            <Typography variant="caption">High</Typography>
            <input
              type="color"
              aria-label="Custom high colour"
              value={s.customColors[1]}
              onChange={(e) => s.patch({ customColors: [s.customColors[0], e.target.value] })}
            />
          </Stack>
        )}
      </Menu>
    </>
  );
});

function PaletteSwatch({ palette, customColors }: { palette: HeatmapPalette; customColors: [string, string] }) {
  const shades = useMemo(() => heatBarShades(heatmapLut(palette, customColors), 16), [palette, customColors]);
  return <Box sx={{ height: 10, background: `linear-gradient(to right, ${shades.join(',')})`, borderRadius: 0.5 }} />;
}
