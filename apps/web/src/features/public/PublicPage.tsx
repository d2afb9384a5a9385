import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Construction from '@mui/icons-material/Construction';
import LinkOff from '@mui/icons-material/LinkOff';
import { MSG } from '@atlas/contracts';
import { Logo } from '../../components/Logo';
import { MessagePage } from '../../components/MessagePage';
import { useSession } from '../../app/session';
import { readPublicLink } from './publicLink';

/**
 * `/public`: the public viewer reached by a shared link. The viewer itself is a later issue; for now the page
 * checks the link and says what will open, with a compact bar instead of the full app bar.
 */
export function PublicPage() {
  const [params] = useSearchParams();
  const link = readPublicLink(params);
  const { user, ready, startPublicSession } = useSession();

  useEffect(() => {
    if (ready && !user) startPublicSession().catch((error: unknown) => console.warn('No public session', error));
  }, [ready, user, startPublicSession]);

  const catalogue = (
    <Button component={RouterLink} to="/visualization" variant="contained">
      Browse Published Runs
    </Button>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar variant="dense">
          <Link
            component={RouterLink}
            to="/visualization"
            color="inherit"
            underline="none"
            aria-label={`${MSG.appName} catalogue`}
          >
            <Logo size={26} />
          </Link>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        {link.ok ? (
          <MessagePage
            icon={<Construction />}
            title={`Run ${link.runId}`}
            message={MSG.publicViewerNotAvailable(link.runId)}
            actions={catalogue}
          />
        ) : (
          <MessagePage
            icon={<LinkOff />}
            title="Invalid public link"
            message={
              <>
                {MSG.publicLinkInvalid(link.problems.join(', '))}
                <br />
                {MSG.publicLinkHint}
              </>
            }
            actions={catalogue}
            tone="error"
          />
        )}
      </Box>
    </Box>
  );
}
