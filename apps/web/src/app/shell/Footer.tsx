import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { COPYRIGHT_YEAR, MSG } from '@atlas/contracts';
import { PLATFORM_GUIDE_URL } from '../links';

/** Footer of spec 01 §1: the Platform Guide link and the copyright line. */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        px: 3,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Link href={PLATFORM_GUIDE_URL} target="_blank" rel="noopener" variant="body2">
        Platform Guide
      </Link>
      <Typography variant="body2" color="text.secondary">
        © {COPYRIGHT_YEAR} {MSG.appName}
      </Typography>
    </Box>
  );
}
