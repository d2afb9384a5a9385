import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One titled section of the tool panel, a region named by its title. */
export function ToolSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ py: 1 }}>
      <Typography variant="overline" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
