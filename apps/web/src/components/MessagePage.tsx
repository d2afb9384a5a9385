import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface MessagePageProps {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  /** Buttons or links that lead somewhere useful; a message page is never a dead end. */
  actions: ReactNode;
  tone?: 'info' | 'warning' | 'error';
}

/** A centred card explaining why a screen cannot be shown (not available, no permission, bad link…). */
export function MessagePage({ icon, title, message, actions, tone = 'info' }: MessagePageProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box sx={{ color: `${tone}.main`, '& svg': { fontSize: 56 } }} aria-hidden>
          {icon}
        </Box>
        <Typography component="h1" variant="h5" sx={{ mt: 1.5, mb: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {message}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      </Paper>
    </Box>
  );
}
