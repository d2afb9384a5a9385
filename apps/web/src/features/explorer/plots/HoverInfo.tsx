/** The tooltip over the tixel under the pointer, in either plot (./hoverLines.ts says what it holds). */
import { useEffect, useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PLOT_OVERLAY_Z, type HoverHit } from '@atlas/viz';
import { useBarcode } from '../data/barcodes';
import type { RunData } from '../data/runData';
import { useExplorer } from '../state/store';
import { shownFeatureTitle } from './featureTitle';
import { hoverLines } from './hoverLines';
import type { Colouring } from './useColouring';

export function HoverInfo({
  sink,
  data,
  colouring,
}: {
  /** Where the plots' onHover sends the tixel under the pointer (set while this is mounted). */
  sink: RefObject<((hit: HoverHit | null) => void) | null>;
  data: RunData;
  colouring: Colouring;
}) {
  const [hit, setHit] = useState<HoverHit | null>(null);
  useEffect(() => {
    sink.current = setHit;
    return () => {
      sink.current = null;
    };
  }, [sink]);
  const s = useExplorer(
    useShallow((st) => ({ run: st.run, features: st.features, averaging: st.averaging, individual: st.individual })),
  );
  // Asked for at a hover, by blocks, not with the run: most visits never point at a tixel.
  const barcode = useBarcode(s.run, hit && hit.index < data.n ? hit.index : null);
  if (!hit || hit.index >= data.n) return null;
  const lines = hoverLines({
    index: hit.index,
    data,
    colouring,
    barcode,
    featureTitle: shownFeatureTitle(s),
  });
  return (
    <Box
      role="tooltip"
      data-testid="tixel-hover"
      sx={{
        position: 'absolute',
        // Beside the pointer, towards the middle of the plots, so it never runs off their edge.
        ...(hit.x > hit.width / 2 ? { right: hit.width - hit.x + 14 } : { left: hit.x + 14 }),
        ...(hit.y > hit.height / 2 ? { bottom: hit.height - hit.y + 14 } : { top: hit.y + 14 }),
        zIndex: PLOT_OVERLAY_Z + 1,
        pointerEvents: 'none',
        bgcolor: 'rgba(255,255,255,0.94)',
        color: 'text.primary',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        boxShadow: 2,
        maxWidth: 320,
      }}
    >
      {lines.map((line) => (
        <Typography key={line.label} variant="caption" component="div" noWrap>
          <b>{line.label}:</b> {line.value}
        </Typography>
      ))}
    </Box>
  );
}
