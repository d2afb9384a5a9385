import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Collections from '@mui/icons-material/Collections';
import { MSG } from '@atlas/contracts';
import { useSession } from '../../app/session';

/**
 * `/visualization/:group?`: the landing catalogue's place. Until the catalogue is built this page welcomes
 * visitors, opens their public session (spec 01 §4) and offers Sign In.
 */
export function VisualizationPage() {
  const { group } = useParams();
  const { user, ready, startPublicSession } = useSession();

  useEffect(() => {
    if (ready && !user) startPublicSession().catch((error: unknown) => console.warn('No public session', error));
  }, [ready, user, startPublicSession]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }} aria-hidden>
          <Collections />
        </Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mt: 1 }}>
          {MSG.catalogueTitle}
        </Typography>
        {group && <Chip label={`Group: ${group}`} sx={{ mt: 1.5 }} />}
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {MSG.catalogueComingSoon}
        </Typography>
        {ready && !user && (
          <Stack spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
            <Typography color="text.secondary">{MSG.catalogueVisitorHint}</Typography>
            <Button component={RouterLink} to="/login" variant="contained" size="large">
              Sign In
            </Button>
          </Stack>
        )}
        {user && (
          <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
            Go to Home
          </Button>
        )}
      </Paper>
    </Container>
  );
}
