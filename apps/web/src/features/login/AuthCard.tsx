import type { FormEvent, ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Submitting the form (Enter in any field) runs the screen's main action. */
  onSubmit: () => void;
  wide?: boolean;
  children: ReactNode;
}

/** The card every login-screen state is drawn in: a titled form. */
export function AuthCard({ title, subtitle, onSubmit, wide, children }: AuthCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="auth-title"
      variant="outlined"
      sx={{ width: '100%', maxWidth: wide ? 600 : 420, p: { xs: 3, sm: 4 } }}
    >
      <Typography id="auth-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.75 }}>
          {subtitle}
        </Typography>
      )}
      <Stack spacing={2} sx={{ mt: 3 }}>
        {children}
      </Stack>
    </Paper>
  );
}
