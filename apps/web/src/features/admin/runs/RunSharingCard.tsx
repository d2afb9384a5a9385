import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REVIEWER_LINK_DEFAULT_DAYS,
  REVIEWER_LINK_MAX_DAYS,
  SHARING_MSG,
  sharingCalls,
  type TReviewerLink,
  type TReviewerSecrets,
} from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';

const day = (iso: string) => iso.slice(0, 10);

/**
 * Sharing of one run (issue 35) on its admin page: the public link's expiry and revoke, and the reviewer links that
 * open the run — made, listed, rotated and revoked here. A made or rotated link's code and PIN show once.
 */
export function RunSharingCard({ runId }: { runId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} aria-label="Sharing">
      <Typography variant="h6" component="h2" gutterBottom>
        Sharing
      </Typography>
      <Stack spacing={2}>
        <PublicLink runId={runId} />
        <ReviewerLinks runId={runId} />
      </Stack>
    </Paper>
  );
}

function PublicLink({ runId }: { runId: string }) {
  const client = useQueryClient();
  const showSnack = useSnackbar();
  const key = ['admin', 'public_link', runId];
  const state = useQuery({
    queryKey: key,
    queryFn: () => callApi(sharingCalls.getPublicLink, { query: { run_id: runId } }),
  });
  const [until, setUntil] = useState('');
  const done = (msg: string) => {
    showSnack(msg, { color: 'success' });
    void client.invalidateQueries({ queryKey: key });
  };
  const failed = (error: unknown) => showSnack(errorText(error), { color: 'error' });
  const save = useMutation({
    mutationFn: (expires: string | null) =>
      callApi(sharingCalls.setPublicLinkExpiry, { body: { run_id: runId, expires_at: expires } }),
    onSuccess: () => done(SHARING_MSG.publicExpirySaved),
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: () => callApi(sharingCalls.revokePublicLink, { query: { run_id: runId } }),
    onSuccess: () => done(SHARING_MSG.publicRevokedDone(runId)),
    onError: failed,
  });
  if (!state.data) return null;
  if (!state.data.public)
    return <Typography color="text.secondary">Public link: none (the run is private).</Typography>;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography>
        Public link: live {state.data.expires_at ? `until ${day(state.data.expires_at)}` : 'until revoked'}
      </Typography>
      <TextField
        type="date"
        size="small"
        label="Expires on"
        value={until}
        onChange={(e) => setUntil(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button disabled={!until} onClick={() => save.mutate(new Date(`${until}T23:59:59Z`).toISOString())}>
        Set Expiry
      </Button>
      <Button color="error" onClick={() => revoke.mutate()}>
        Revoke Public Link
      </Button>
    </Stack>
  );
}

function ReviewerLinks({ runId }: { runId: string }) {
  const client = useQueryClient();
  const showSnack = useSnackbar();
  const key = ['admin', 'reviewer_links', runId];
  const links = useQuery({
    queryKey: key,
    queryFn: () => callApi(sharingCalls.listReviewerLinks, { query: { run_id: runId } }),
  });
  const [days, setDays] = useState(String(REVIEWER_LINK_DEFAULT_DAYS));
  const [downloads, setDownloads] = useState(false);
  const [shown, setShown] = useState<TReviewerSecrets | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const failed = (error: unknown) => showSnack(errorText(error), { color: 'error' });
  const create = useMutation({
    mutationFn: () =>
      callApi(sharingCalls.createReviewerLink, {
        body: { run_ids: [runId], label: '', days: Number(days), allow_downloads: downloads },
      }),
    onSuccess: (made) => {
      setShown(made);
      showSnack(SHARING_MSG.created, { color: 'success' });
      refresh();
    },
    onError: failed,
  });
  const rotate = useMutation({
    mutationFn: (id: string) => callApi(sharingCalls.rotateReviewerLink, { params: { id } }),
    onSuccess: (made) => {
      setShown(made);
      showSnack(SHARING_MSG.rotated, { color: 'success' });
      refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => callApi(sharingCalls.revokeReviewerLink, { params: { id } }),
    onSuccess: () => {
      setShown(null);
      showSnack(SHARING_MSG.revokedDone, { color: 'success' });
      refresh();
    },
    onError: failed,
  });

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1">Reviewer links</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label="Days"
          size="small"
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: REVIEWER_LINK_MAX_DAYS } }}
          sx={{ width: 100 }}
        />
        <FormControlLabel
          control={<Checkbox checked={downloads} onChange={(e) => setDownloads(e.target.checked)} />}
          label="Allow downloads"
        />
        <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
          Make Reviewer Link
        </Button>
      </Stack>
      {shown && <Secrets link={shown} />}
      {links.isError && <Alert severity="error">{errorText(links.error)}</Alert>}
      {links.data && links.data.length > 0 && (
        <Table size="small" aria-label="Reviewer links">
          <TableHead>
            <TableRow>
              <TableCell>Made</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {links.data.map((link) => (
              <LinkRow key={link.id} link={link} onRotate={rotate.mutate} onRevoke={revoke.mutate} />
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

function LinkRow(props: { link: TReviewerLink; onRotate(id: string): void; onRevoke(id: string): void }) {
  const { link } = props;
  const live = link.state === 'live';
  return (
    <TableRow>
      <TableCell>
        {day(link.created_at)} by {link.created_by ?? '—'}
      </TableCell>
      <TableCell>{day(link.expires_at)}</TableCell>
      <TableCell>
        <Chip size="small" label={link.state} color={live ? 'success' : 'default'} />
        {link.allow_downloads && <Chip size="small" label="downloads" sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell>{link.last_used_at ? day(link.last_used_at) : 'never'}</TableCell>
      <TableCell align="right">
        {live && (
          <>
            <Button size="small" onClick={() => props.onRotate(link.id)}>
              Rotate
            </Button>
            <Button size="small" color="error" onClick={() => props.onRevoke(link.id)}>
              Revoke
            </Button>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

function Secrets({ link }: { link: TReviewerSecrets }) {
  const url = `${window.location.origin}${link.path}`;
  return (
    <Alert severity="info" data-testid="reviewer-secrets">
      <div>
        Link: <code data-testid="reviewer-url">{url}</code>
      </div>
      <div>
        PIN: <code data-testid="reviewer-pin">{link.pin}</code>
      </div>
      <div>{SHARING_MSG.copyOnce}</div>
    </Alert>
  );
}
