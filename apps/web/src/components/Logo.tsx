import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MSG } from '@atlas/contracts';

/** The product mark (public/logo.svg) with its name; `size` is the mark's height in pixels. */
export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="img" src="/logo.svg" alt="" sx={{ width: size, height: size, display: 'block' }} />
      {showName && (
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.2, whiteSpace: 'nowrap' }}>
          {MSG.appName}
        </Typography>
      )}
    </Box>
  );
}
