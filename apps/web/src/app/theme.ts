import { createTheme } from '@mui/material/styles';
import { BRAND_PRIMARY, BRAND_SECONDARY, FONT_FAMILY, PAGE_BACKGROUND } from './brand';

/** One theme for the portal: a deep teal brand (the logo's colour) and a slate secondary used by the snackbar. */
export const theme = createTheme({
  palette: {
    primary: { main: BRAND_PRIMARY },
    secondary: { main: BRAND_SECONDARY },
    background: { default: PAGE_BACKGROUND },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: FONT_FAMILY,
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
