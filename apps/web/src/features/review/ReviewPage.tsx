import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls, MSG, sharingCalls, type TReviewerSession } from '@atlas/contracts';
import { ApiError, callApi } from '../../api/client';
import { useSession } from '../../app/session';

/**
 * The public viewer's component name, written here as features/catalogue/openRun.ts does: features reach the
 * explorer only through its index, which would pull the explorer's cold open into this page.
 */
const PUBLIC_COMPONENT = 'PublicGeneViewer';

/**
 * `/review?code=…` (issue 35): a reviewer enters the access code (the link carries it) and the PIN they were given
 * apart; the session that answers reads only the link's runs, read-only. Each run opens in the public viewer through
 * a link only this session opens (the server audits each open).
 */
export function ReviewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { startReviewerSession } = useSession();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [pin, setPin] = useState('');
  const [session, setSession] = useState<TReviewerSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi(sharingCalls.reviewerSignIn, { body: { code, pin }, token: null });
      startReviewerSession(answer.access_token);
      setSession(answer);
    } catch (problem) {
      setError(problem instanceof ApiError ? problem.message : String(problem));
    } finally {
      setBusy(false);
    }
  }

  async function open(runId: string) {
    if (!session) return;
    try {
      const { encoded } = await callApi(catalogueCalls.encodeLink, {
        body: { run_id: runId },
        token: session.access_token,
      });
      const query = new URLSearchParams({
        component: PUBLIC_COMPONENT,
        public: 'true',
        token: session.access_token,
        run_id: encoded,
      });
      navigate(`/public?${query.toString()}`);
    } catch (problem) {
      setError(problem instanceof ApiError ? problem.message : String(problem));
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ p: 3, width: 440 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {MSG.appName}: review
        </Typography>
        {session ? (
          <Stack spacing={1}>
            <Typography>
              Read-only access until {session.expires_at.slice(0, 10)}
              {session.allow_downloads ? '' : ', without downloads'}.
            </Typography>
            {session.run_ids.map((runId) => (
              <Button key={runId} variant="contained" onClick={() => void open(runId)}>
                Open {runId}
              </Button>
            ))}
            {session.allow_downloads && <ReviewerFiles token={session.access_token} onError={setError} />}
          </Stack>
        ) : (
          <Stack
            component="form"
            spacing={2}
            onSubmit={(e) => {
              e.preventDefault();
              void signIn();
            }}
          >
            <Typography color="text.secondary">
              Enter the access code of your reviewer link and the PIN you were given with it.
            </Typography>
            <TextField label="Access code" value={code} onChange={(e) => setCode(e.target.value)} required />
            <TextField
              label="PIN"
              value={pin}
              onChange={(e) => setPin(e.target.value)}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              Open Review
            </Button>
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </Paper>
    </Box>
  );
}

/** The link's downloadable files, when it allows downloads: each opens a download link of this session. */
function ReviewerFiles({ token, onError }: { token: string; onError: (message: string) => void }) {
  const files = useQuery({
    queryKey: ['review', 'files', token],
    queryFn: () => callApi(sharingCalls.reviewerFiles, { token }),
  });
  async function download(bucket: string, path: string) {
    try {
      const { url } = await callApi(sharingCalls.reviewerDownload, { body: { bucket, path }, token });
      window.location.assign(url);
    } catch (problem) {
      onError(problem instanceof ApiError ? problem.message : String(problem));
    }
  }
  const rows = Object.entries(files.data ?? {}).flatMap(([runId, list]) => list.map((file) => ({ runId, ...file })));
  if (rows.length === 0) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">Downloads</Typography>
      {rows.map((file) => (
        <Button
          key={`${file.bucket_name}/${file.file_path}`}
          size="small"
          onClick={() => void download(file.bucket_name, file.file_path)}
        >
          {file.runId}: {file.filename_short}
        </Button>
      ))}
    </Stack>
  );
}
