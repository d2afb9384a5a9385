import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SYSTEM_FAILED_TASKS, SYSTEM_REFRESH_MS, type TSystemStatus } from '@atlas/contracts';
import { formatTime } from '../../../components/formatTime';
import { formatBytes } from '../../uploader/rate';
import { errorText } from '../apiErrors';
import { useSystemStatus } from '../queries';

/** Admin Panel › System: what a lab IT person checks first — versions, queues, workers, failures, disk use. */
export function SystemTab() {
  const status = useSystemStatus();
  if (status.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading system status" />
      </Box>
    );
  if (status.isError) return <Alert severity="error">{errorText(status.error)}</Alert>;
  const s = status.data;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Updates every {SYSTEM_REFRESH_MS / 1000} seconds.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Overview status={s} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Queues status={s} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Storage status={s} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Workers status={s} />
        </Grid>
        <Grid size={12}>
          <Failed status={s} />
        </Grid>
      </Grid>
    </Stack>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-labelledby={id}>
      <Typography variant="subtitle1" component="h2" id={id} sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Overview({ status: s }: { status: TSystemStatus }) {
  const schemaBehind = s.schema.version !== s.schema.latest;
  const demo = !s.demo.enabled
    ? 'off'
    : !s.demo.seeded
      ? 'not seeded yet'
      : `${s.demo.present} of ${s.demo.total} runs present, ${s.demo.ready} ready to explore`;
  const rows: [string, ReactNode][] = [
    ['Version', s.version],
    [
      'Schema version',
      <>
        {s.schema.version}
        {schemaBehind && <Chip size="small" color="warning" label={`code knows ${s.schema.latest}`} sx={{ ml: 1 }} />}
      </>,
    ],
    ['Environment', s.environment],
    ['Drivers', `${s.drivers.database} · ${s.drivers.storage} · ${s.drivers.queue} · ${s.drivers.mail}`],
    ['Database size', s.database.bytes === null ? 'unknown' : formatBytes(s.database.bytes)],
    ['Demo content', demo],
    ['Up for', `${Math.floor(s.uptime_seconds / 60)} min`],
  ];
  return (
    <Section title="Overview" id="system-overview">
      <Table size="small" aria-labelledby="system-overview">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: 160 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function Queues({ status: s }: { status: TSystemStatus }) {
  return (
    <Section title="Queues" id="system-queues">
      <Table size="small" aria-labelledby="system-queues">
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell align="right">Waiting</TableCell>
            <TableCell align="right">Active</TableCell>
            <TableCell align="right">Failed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.queues.map((q) => (
            <TableRow key={q.queue}>
              <TableCell>{q.queue}</TableCell>
              <TableCell align="right">{q.waiting}</TableCell>
              <TableCell align="right">{q.active}</TableCell>
              <TableCell align="right" sx={q.failed ? { color: 'error.main' } : undefined}>
                {q.failed}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function Storage({ status: s }: { status: TSystemStatus }) {
  return (
    <Section title="Storage" id="system-storage">
      <Table size="small" aria-labelledby="system-storage">
        <TableHead>
          <TableRow>
            <TableCell>Bucket</TableCell>
            <TableCell align="right">Objects</TableCell>
            <TableCell align="right">Size</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.storage.buckets.map((b) => (
            <TableRow key={b.bucket}>
              <TableCell>{b.bucket}</TableCell>
              <TableCell align="right">{b.objects}</TableCell>
              <TableCell align="right">{formatBytes(b.bytes)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        Measured {formatTime(s.storage.measured_at)} (at most once a minute).
      </Typography>
    </Section>
  );
}

function Workers({ status: s }: { status: TSystemStatus }) {
  return (
    <Section title="Live workers" id="system-workers">
      {s.workers.length === 0 ? (
        <Alert severity="warning">No worker is consuming any queue: tasks wait until one starts.</Alert>
      ) : (
        <Table size="small" aria-labelledby="system-workers">
          <TableHead>
            <TableRow>
              <TableCell>Worker</TableCell>
              <TableCell>Queues</TableCell>
              <TableCell align="right">Tasks received</TableCell>
              <TableCell>Last seen</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.workers.map((w) => (
              <TableRow key={w.worker}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{w.worker}</TableCell>
                <TableCell>{w.queues.join(', ')}</TableCell>
                <TableCell align="right">{w.requested}</TableCell>
                <TableCell>{formatTime(w.seen_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function Failed({ status: s }: { status: TSystemStatus }) {
  return (
    <Section title={`Latest failed tasks (up to ${SYSTEM_FAILED_TASKS})`} id="system-failed">
      {s.failed.length === 0 ? (
        <Typography color="text.secondary">No task has failed.</Typography>
      ) : (
        <Table size="small" aria-labelledby="system-failed">
          <TableHead>
            <TableRow>
              <TableCell>Failed at</TableCell>
              <TableCell>Task</TableCell>
              <TableCell>User</TableCell>
              <TableCell>Error</TableCell>
              <TableCell>Request id</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.failed.map((f) => (
              <TableRow key={f._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(f.failed_at)}</TableCell>
                <TableCell>{f.task}</TableCell>
                <TableCell>{f.requested_by ?? '—'}</TableCell>
                <TableCell sx={{ color: 'error.main', wordBreak: 'break-word' }}>{f.error ?? '—'}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{f.request_id ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
