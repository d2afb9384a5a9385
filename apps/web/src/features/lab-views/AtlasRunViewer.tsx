import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DataObject from '@mui/icons-material/DataObject';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import TableChart from '@mui/icons-material/TableChart';
import { LAB_MSG, labCalls } from '@atlas/contracts';
import { csvRow } from '@atlas/spatial/formats/csv-write';
import { callApi } from '../../api/client';
import { isImageFile, useDataBucket, useStorageJson, useStorageList } from './api';
import { StorageImage } from './StorageImage';

/** Preview size slider of spec 02 §9 (percent of the panel width). */
const SIZE_MIN = 40;
const SIZE_MAX = 100;
const SIZE_DEFAULT = 80;

const spatialPrefix = (id: string) => `data/${id}/spatial/`;

/** Atlas Run Viewer (spec 03 §2.6): run ids, the files of a run's spatial folder, and the chosen file. */
export function AtlasRunViewer() {
  const { bucket, error: bucketError } = useDataBucket();
  const runs = useQuery({
    queryKey: ['lab-views', 'run-folders', bucket],
    queryFn: async ({ signal }) => {
      const prefixes = await callApi(labCalls.subFolders, {
        body: { bucket_name: bucket!, prefix: 'data/', delimiter: '/' },
        signal,
      });
      return prefixes
        .map((p) => p.slice('data/'.length).replace(/\/$/, ''))
        .filter(Boolean)
        .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    },
    enabled: Boolean(bucket),
    staleTime: 60_000,
  });
  const [params, setParams] = useSearchParams();
  const runId = params.get('run_id') ?? '';
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<string | null>(null);
  const shown = (runs.data ?? []).filter((id) => id.toLowerCase().includes(search.trim().toLowerCase()));
  const choose = (id: string) => {
    setFile(null);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('run_id', id);
        return next;
      },
      { replace: true },
    );
  };
  const error = bucketError ?? runs.error;

  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          width: { md: 240 },
          flexShrink: 0,
          display: 'flex',
          flexDirection: 'column',
          maxHeight: { md: 'calc(100vh - 140px)' },
        }}
      >
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          Runs
        </Typography>
        <TextField
          size="small"
          label="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 1 }}
        />
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : runs.isPending ? (
          <CircularProgress size={28} sx={{ m: 2 }} aria-label="Loading runs" />
        ) : (
          <List dense sx={{ overflow: 'auto' }} aria-label="Runs">
            {shown.map((id) => (
              <ListItemButton key={id} selected={id === runId} onClick={() => choose(id)}>
                <ListItemText primary={id} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
      {runId && bucket ? (
        <RunFiles key={runId} bucket={bucket} runId={runId} file={file} onFile={setFile} />
      ) : (
        <Paper variant="outlined" sx={{ p: 4, flex: 1, textAlign: 'center' }}>
          <Image sx={{ fontSize: 72, color: 'primary.light' }} />
          <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
            Atlas Run Viewer
          </Typography>
          <Typography color="text.secondary">Choose a run to browse the files of its spatial folder.</Typography>
        </Paper>
      )}
    </Box>
  );
}

function iconFor(key: string) {
  if (isImageFile(key)) return <Image fontSize="small" />;
  if (/\.json$/i.test(key)) return <DataObject fontSize="small" />;
  if (/\.csv$/i.test(key)) return <TableChart fontSize="small" />;
  return <InsertDriveFile fontSize="small" />;
}

/** The files of a run's spatial folder and the chosen one (also shown by AtlasXbrowser after it writes one). */
export function RunFiles({
  bucket,
  runId,
  file,
  onFile,
}: {
  bucket: string;
  runId: string;
  file: string | null;
  onFile: (key: string) => void;
}) {
  const prefix = spatialPrefix(runId);
  const listed = useStorageList(bucket, prefix, { onlyFiles: true });
  const files = useMemo(() => [...(listed.data ?? [])].sort((a, b) => a.localeCompare(b)), [listed.data]);
  const current = file ?? files.find(isImageFile) ?? files[0] ?? null;
  if (listed.isPending)
    return (
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
        <CircularProgress size={28} aria-label="Loading files" />
      </Paper>
    );
  if (listed.error)
    return (
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
        <Alert severity="error">{listed.error.message}</Alert>
      </Paper>
    );
  if (files.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
        <Alert severity="info">{LAB_MSG.noSpatialFolder(runId)}</Alert>
      </Paper>
    );
  return (
    <>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, width: { md: 280 }, flexShrink: 0, maxHeight: { md: 'calc(100vh - 140px)' }, overflow: 'auto' }}
      >
        <Typography variant="subtitle1" component="h2">
          {runId} spatial folder
        </Typography>
        <List dense aria-label="Spatial folder files">
          {files.map((key) => (
            <ListItemButton key={key} selected={key === current} onClick={() => onFile(key)}>
              <ListItemIcon sx={{ minWidth: 32 }}>{iconFor(key)}</ListItemIcon>
              <ListItemText
                primary={key.slice(prefix.length)}
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
        {current && <FilePreview bucket={bucket} fileKey={current} name={current.slice(prefix.length)} />}
      </Paper>
    </>
  );
}

function FilePreview({ bucket, fileKey, name }: { bucket: string; fileKey: string; name: string }) {
  const [size, setSize] = useState(SIZE_DEFAULT);
  const text = /\.(json|csv)$/i.test(fileKey);
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-all' }}>
        {name}
      </Typography>
      {isImageFile(fileKey) ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, maxWidth: 360, my: 1 }}>
            <Typography variant="body2" id="preview-size-label" sx={{ flexShrink: 0 }}>
              Size
            </Typography>
            <Slider
              min={SIZE_MIN}
              max={SIZE_MAX}
              value={size}
              onChange={(_, v) => setSize(v)}
              valueLabelDisplay="auto"
              aria-labelledby="preview-size-label"
            />
          </Box>
          <StorageImage
            bucket={bucket}
            fileKey={fileKey}
            alt={name}
            sx={{ width: `${size}%`, maxWidth: 'none', mx: 0 }}
          />
        </>
      ) : text ? (
        <TextPreview bucket={bucket} fileKey={fileKey} />
      ) : (
        <Typography color="text.secondary">No preview for this file type.</Typography>
      )}
    </>
  );
}

function TextPreview({ bucket, fileKey }: { bucket: string; fileKey: string }) {
  const value = useStorageJson(bucket, fileKey);
  if (value.isPending) return <CircularProgress size={24} aria-label="Loading file" />;
  if (value.error) return <Alert severity="error">{value.error.message}</Alert>;
  if (value.data === null) return <Alert severity="warning">This file cannot be read.</Alert>;
  const body = /\.csv$/i.test(fileKey)
    ? (value.data as string[][]).map(csvRow).join('\n')
    : JSON.stringify(value.data, null, 2);
  return (
    <Box
      component="pre"
      sx={{
        fontSize: 13,
        bgcolor: 'action.hover',
        p: 1.5,
        borderRadius: 1,
        overflow: 'auto',
        maxHeight: 'calc(100vh - 260px)',
        m: 0,
        mt: 1,
      }}
    >
      {body}
    </Box>
  );
}
