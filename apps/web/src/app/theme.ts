import { createTheme } from '@mui/material/styles';

/** One theme for the portal: a deep teal brand (the logo's colour) and a slate secondary used by the snackbar. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f6c' },
    secondary: { main: '#37474f' },
    background: { default: '#f5f7f9' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});

// The global snackbar (feedback.tsx) draws its default toast as a filled Alert in the spec's 'secondary' colour.
declare module '@mui/material/Alert' {
  interface AlertPropsColorOverrides {
    secondary: true;
  }
}
