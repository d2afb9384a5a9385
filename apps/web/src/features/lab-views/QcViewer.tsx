import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import { LAB_MSG } from '@atlas/contracts';
import { isImageFile, useDataBucket, useStorageJson, useStorageList } from './api';
import { qcRunsFromKeys, QC_METADATA_FIELDS } from './qcRuns';
import { StorageImage } from './StorageImage';
import { fieldRows } from './tree';
import { UploadQcDialog } from './UploadQcDialog';

/** Atlas Viewer / QC Viewer (spec 03 §2.5): QC runs of data/, their figures and metadata. */
export function QcViewer() {
  const { bucket, error: bucketError } = useDataBucket();
  const listed = useStorageList(bucket, 'data/', { onlyFiles: true, filter: ['metadata.json'] });
  const runs = useMemo(() => qcRunsFromKeys(listed.data ?? []), [listed.data]);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('run_id') ?? params.get('run') ?? '';
  const selected = runs.find((r) => r.id === selectedId);
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const shown = runs.filter((r) => r.id.toLowerCase().includes(search.trim().toLowerCase()));

  const choose = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('run_id', id);
        next.delete('run');
        return next;
      },
      { replace: true },
    );

  const error = bucketError ?? listed.error;
  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          width: { md: 280 },
          flexShrink: 0,
          display: 'flex',
          flexDirection: 'column',
          maxHeight: { md: 'calc(100vh - 140px)' },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            QC Runs
          </Typography>
          <IconButton aria-label="QC actions" onClick={(e) => setMenu(e.currentTarget)}>
            <MoreVert />
          </IconButton>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                setUploadOpen(true);
              }}
            >
              Upload QC Directory
            </MenuItem>
          </Menu>
        </Box>
        <TextField
          size="small"
          label="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 1 }}
        />
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : listed.isPending ? (
          <CircularProgress size={28} sx={{ m: 2 }} aria-label="Loading QC runs" />
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            {runs.length ? `Nothing matches '${search.trim()}'.` : LAB_MSG.noQcRuns}
          </Typography>
        ) : (
          <List dense sx={{ overflow: 'auto' }} aria-label="QC runs">
            {shown.map((r) => (
              <ListItemButton key={r.id} selected={r.id === selectedId} onClick={() => choose(r.id)}>
                <ListItemText primary={r.id} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
        {selected && bucket ? (
          <RunPanel key={selected.id} bucket={bucket} id={selected.id} root={selected.root} />
        ) : (
          <Typography color="text.secondary">
            {selectedId && !listed.isPending
              ? `No QC folder with metadata.json for run '${selectedId}'.`
              : 'Choose a run to see its QC figures and metadata.'}
          </Typography>
        )}
      </Paper>
      <UploadQcDialog open={uploadOpen} onClose={() => setUploadOpen(false)} />
    </Box>
  );
}

function RunPanel({ bucket, id, root }: { bucket: string; id: string; root: string }) {
  const [tab, setTab] = useState<'figures' | 'metadata'>('figures');
  return (
    <>
      <Typography variant="h5" component="h2">
        RUN - {id}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, v: 'figures' | 'metadata') => setTab(v)}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab label="Figures" value="figures" />
        <Tab label="Metadata" value="metadata" />
      </Tabs>
      {tab === 'figures' ? <Figures bucket={bucket} id={id} root={root} /> : <Metadata bucket={bucket} root={root} />}
    </>
  );
}

function Figures({ bucket, id, root }: { bucket: string; id: string; root: string }) {
  const listed = useStorageList(bucket, root, { onlyFiles: true, delimiter: '/' });
  const images = (listed.data ?? []).filter(isImageFile).sort((a, b) => a.localeCompare(b));
  if (listed.isPending) return <CircularProgress size={28} aria-label="Loading figures" />;
  if (listed.error) return <Alert severity="error">{listed.error.message}</Alert>;
  if (images.length === 0) return <Alert severity="info">{LAB_MSG.noImagesFound}</Alert>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: 2 }}>
      {images.map((key) => {
        const name = key.slice(root.length);
        return (
          <Card key={key} variant="outlined">
            <CardContent>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {name}
              </Typography>
              <StorageImage bucket={bucket} fileKey={key} alt={`${id} ${name}`} />
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

function Metadata({ bucket, root }: { bucket: string; root: string }) {
  const meta = useStorageJson(bucket, `${root}metadata.json`);
  if (meta.isPending) return <CircularProgress size={28} aria-label="Loading metadata" />;
  if (meta.error) return <Alert severity="error">{meta.error.message}</Alert>;
  const record =
    meta.data && typeof meta.data === 'object' && !Array.isArray(meta.data)
      ? (meta.data as Record<string, unknown>)
      : null;
  if (!record) return <Alert severity="warning">The metadata.json of this run cannot be read.</Alert>;
  const main = QC_METADATA_FIELDS.map(
    ({ label, keys }) =>
      [label, keys.map((k) => record[k]).find((v) => v !== undefined && v !== null && v !== '')] as const,
  );
  const shownKeys = new Set<string>(QC_METADATA_FIELDS.flatMap((f) => f.keys));
  const others = fieldRows(record).filter(([k]) => !shownKeys.has(k));
  return (
    <Table size="small" aria-label="Run metadata" sx={{ maxWidth: 720 }}>
      <TableBody>
        {main.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell sx={{ fontWeight: 600, width: 200 }}>{label}</TableCell>
            <TableCell>{value === undefined ? '—' : String(value)}</TableCell>
          </TableRow>
        ))}
        {others.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell sx={{ color: 'text.secondary' }}>{k}</TableCell>
            <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
