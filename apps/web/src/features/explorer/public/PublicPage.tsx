import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import LinkOff from '@mui/icons-material/LinkOff';
import { catalogueCalls, MSG, type CallResponse } from '@atlas/contracts';
import { ApiError, callApi } from '../../../api/client';
import { Logo } from '../../../components/Logo';
import { MessagePage } from '../../../components/MessagePage';
import { useSession } from '../../../app/session';
import { Explorer } from '../Explorer';
import { useExplorer } from '../state/store';
import { readPublicLink } from './publicLink';

type DecodedMeta = CallResponse<typeof catalogueCalls.decodeMeta>;

/** The logo of the compact bars: back to the catalogue (the main visual page, spec 03 §2.2). */
function HomeLogo() {
  return (
    <Link
      component={RouterLink}
      to="/visualization"
      color="inherit"
      underline="none"
      aria-label={`${MSG.appName} catalogue`}
      sx={{ display: 'flex', mr: 1 }}
    >
      <Logo size={26} />
    </Link>
  );
}

/** Signed-out visitors of the public browser can sign in (spec 01 §6). */
function SignInButton() {
  return (
    <Button component={RouterLink} to="/login" color="inherit" variant="outlined" size="small">
      Sign In
    </Button>
  );
}

/**
 * `/public?component=PublicGeneViewer&public=true&token=…&run_id=<encoded>` (spec 03 §2.2): the read-only
 * explorer of a shared run. The link is opened on the server first (decode_meta, with the link's own token, or
 * this browser's public session when that token has expired); a tampered or expired link gets an error page.
 * Then the explorer opens the run by its `encoded` link — every read and task goes through the link, never a
 * run_id — in public mode: compact top bar (logo → catalogue, Metadata, the gene/motif/eRegulon toggle, palette,
 * gene search, Sign In for a visitor), no run search, no admin tools (no FrontPage).
 */
export function PublicPage() {
  const [params] = useSearchParams();
  const link = readPublicLink(params);
  const { user, token, ready, startPublicSession } = useSession();
  const openRun = useExplorer((s) => s.openRun);

  useEffect(() => {
    if (ready && !user) startPublicSession().catch((error: unknown) => console.warn('No public session', error));
  }, [ready, user, startPublicSession]);

  const meta = useQuery({
    queryKey: ['public', 'decode_meta', link.ok ? link.runId : null],
    enabled: link.ok,
    retry: false,
    queryFn: async ({ signal }): Promise<DecodedMeta> => {
      if (!link.ok) throw new Error('No link');
      const query = { encoded: link.runId };
      try {
        return await callApi(catalogueCalls.decodeMeta, { query, token: link.token, signal });
      } catch (error) {
        // The link's own session token may have expired since it was shared: try again with this browser's session.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        await startPublicSession();
        return callApi(catalogueCalls.decodeMeta, { query, signal });
      }
    },
  });

  // The explorer reads with this browser's session (public or signed in), so it opens once there is a token.
  const encoded = link.ok && meta.data ? link.runId : null;
  const canRead = ready && token !== null;
  useEffect(() => {
    if (!encoded || !canRead) return;
    if (useExplorer.getState().run?.encoded !== encoded) openRun({ encoded });
  }, [encoded, canRead, openRun]);
  // Leaving the viewer closes the run so the next explorer starts clean.
  useEffect(() => () => useExplorer.getState().openRun(null), []);
  const opened = useExplorer((s) => encoded !== null && s.run?.encoded === encoded);

  if (opened && meta.data) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="public-viewer">
        <Explorer
          publicMode
          leading={
            <Box sx={{ display: 'flex', alignItems: 'center', mr: 1, gap: 1 }}>
              <HomeLogo />
              <Box component="span" sx={{ fontWeight: 700 }}>
                {meta.data.run_id}
              </Box>
              {!user && <SignInButton />}
            </Box>
          }
        />
      </Box>
    );
  }

  const catalogue = (
    <Button component={RouterLink} to="/visualization" variant="contained">
      Browse Published Runs
    </Button>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar variant="dense">
          <HomeLogo />
          <Box sx={{ flex: 1 }} />
          {ready && !user && <SignInButton />}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        {link.ok ? (
          meta.error ? (
            <MessagePage
              icon={<LinkOff />}
              title={MSG.publicLinkCannotOpen}
              message={meta.error.message}
              actions={
                <>
                  {meta.error instanceof ApiError && meta.error.status === 0 ? (
                    <Button variant="outlined" onClick={() => void meta.refetch()}>
                      Try again
                    </Button>
                  ) : null}
                  {catalogue}
                </>
              }
              tone="error"
            />
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
              <CircularProgress aria-label="Opening the link" />
            </Box>
          )
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
