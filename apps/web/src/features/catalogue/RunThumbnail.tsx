import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { THUMBNAIL_MAX_PX, type TCatalogueRun } from '@atlas/contracts';

const HEIGHT = 168;

/**
 * The run's front-page image (at most 200 × 200, spec 01 §9), or — until one exists — a neutral placeholder: a
 * tixel grid in the group's colour, faded at the edges like a tissue section, with the run id. For admins the
 * thumbnail is a button that opens the run in the Admin Panel (spec 01 §2).
 */
export function RunThumbnail({ run, color, onEdit }: { run: TCatalogueRun; color: string; onEdit?: () => void }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === run.thumbnail;
  const content = failed ? (
    <Placeholder run={run} color={color} />
  ) : (
    <Box
      component="img"
      src={run.thumbnail}
      alt={`Thumbnail of ${run.run_id}`}
      loading="lazy"
      onError={() => setFailedSrc(run.thumbnail)}
      sx={{
        maxWidth: THUMBNAIL_MAX_PX,
        maxHeight: Math.min(HEIGHT, THUMBNAIL_MAX_PX),
        objectFit: 'contain',
        display: 'block',
      }}
    />
  );
  const frame = {
    height: HEIGHT,
    width: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bgcolor: alpha(color, 0.06),
    borderBottom: 1,
    borderColor: 'divider',
  } as const;
  if (!onEdit) return <Box sx={frame}>{content}</Box>;
  return (
    <ButtonBase
      onClick={onEdit}
      aria-label={`Edit run ${run.run_id}`}
      title="Edit this run in the Admin Panel"
      sx={{ ...frame, '&:hover, &.Mui-focusVisible': { bgcolor: alpha(color, 0.14) } }}
    >
      {content}
    </ButtonBase>
  );
}

function Placeholder({ run, color }: { run: TCatalogueRun; color: string }) {
  return (
    <Box
      role="img"
      aria-label={`No thumbnail yet for ${run.run_id}`}
      sx={{
        position: 'relative',
        width: THUMBNAIL_MAX_PX,
        height: 136,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: alpha(color, 0.25),
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: 0,
          backgroundImage: `radial-gradient(circle, ${alpha(color, 0.55)} 1.7px, transparent 2.1px)`,
          backgroundSize: '9px 9px',
          backgroundPosition: 'center',
          maskImage: 'radial-gradient(ellipse 46% 42% at 48% 50%, #000 45%, transparent 100%)',
        },
      }}
    >
      <Typography
        variant="caption"
        sx={{
          position: 'absolute',
          left: 8,
          bottom: 6,
          px: 0.75,
          borderRadius: 1,
          bgcolor: alpha('#fff', 0.85),
          color: 'text.secondary',
          fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
          letterSpacing: 0.5,
        }}
      >
        {run.run_id}
      </Typography>
    </Box>
  );
}
