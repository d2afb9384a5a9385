import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a lazy screen loads or the session is being restored. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, flex: 1 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
