import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Construction from '@mui/icons-material/Construction';
import LinkOff from '@mui/icons-material/LinkOff';
import { catalogueCalls, MSG, type CallResponse } from '@atlas/contracts';
import { ApiError, callApi } from '../../api/client';
import { Logo } from '../../components/Logo';
import { MessagePage } from '../../components/MessagePage';
import { useSession } from '../../app/session';
import { speciesLabel } from '../catalogue/format';
import { readPublicLink } from './publicLink';

type DecodedMeta = CallResponse<typeof catalogueCalls.decodeMeta>;

/**
 * `/public`: the public viewer reached by a shared link. The viewer itself is a later issue; for now the page
 * opens the link on the server (decode_meta, with the link's public-session token) and shows which run it is,
 * with a compact bar instead of the full app bar. A tampered or expired link gets an error page.
 */
export function PublicPage() {
  const [params] = useSearchParams();
  const link = readPublicLink(params);
  const { user, ready, startPublicSession } = useSession();

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
          meta.data ? (
            <MessagePage
              icon={<Construction />}
              title={`Run ${meta.data.run_id}`}
              message={<RunMeta meta={meta.data} />}
              actions={catalogue}
            />
          ) : meta.error ? (
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

/** What the link opens: the run, its organism, tissue and assay, and until when the link works. */
function RunMeta({ meta }: { meta: DecodedMeta }) {
  const rows: [string, string][] = [
    ['Run', meta.run_id],
    ['Species', speciesLabel(meta.species)],
    ['Tissue', meta.tissue],
    ['Assay', meta.assay],
    ['Link valid until', new Date(meta.expires_at).toLocaleString()],
  ];
  // Spans with term/definition roles: MessagePage puts the message inside a paragraph, where a <dl> may not go.
  return (
    <>
      <Box
        component="span"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, textAlign: 'left', mx: 'auto', my: 2, width: 'fit-content' }}
      >
        {rows.map(([label, value]) => (
          <Box component="span" key={label} sx={{ display: 'contents' }}>
            <Box component="span" role="term" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {label}
            </Box>
            <Box component="span" role="definition" sx={{ fontStyle: label === 'Species' ? 'italic' : undefined }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {MSG.publicViewerNotAvailable(meta.run_id)}
    </>
  );
}
