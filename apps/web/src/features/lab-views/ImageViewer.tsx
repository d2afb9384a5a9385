import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { LAB_MSG, QC_DEFAULT_IMAGES, type TQcRecord } from '@atlas/contracts';
import { useDataBucket, useQcRecords, useWaferTrace } from './api';
import { StorageImage } from './StorageImage';
import { TraceTree } from './TraceTree';
import { buildTraceTree, runIdsUnder } from './tree';

const byId = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/** Image Viewer (spec 02 §2.3): pick runs in the tree, one card per run with the chosen QC image. */
export function ImageViewer() {
  const trace = useWaferTrace();
  const tree = useMemo(() => buildTraceTree(trace.data ?? {}), [trace.data]);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [imageType, setImageType] = useState<string>(QC_DEFAULT_IMAGES[0]);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const ids = useMemo(() => [...checked].sort(byId), [checked]);
  const qc = useQcRecords(ids);
  const records = useMemo(
    () => ((qc.data ?? []) as TQcRecord[]).filter((r) => checked.has(r.id)).sort((a, b) => byId(a.id, b.id)),
    [qc.data, checked],
  );
  const types = useMemo(() => {
    const names = new Set<string>(records.flatMap((r) => Object.keys(r.files.images)));
    names.add(imageType);
    return [...names].sort();
  }, [records, imageType]);
  const { bucket } = useDataBucket();

  const check = (runIds: string[], on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      for (const id of runIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const markFailed = useCallback(
    (key: string) => setFailed((prev) => (prev.has(key) ? prev : new Set(prev).add(key))),
    [],
  );

  const cards = records
    .map((r) => ({ record: r, path: r.files.images[imageType] }))
    .filter((c): c is { record: TQcRecord; path: string } => Boolean(c.path))
    .map((c) => ({ ...c, key: `${c.record.files.root}${c.path}` }))
    .filter((c) => !failed.has(c.key));

  return (
    <Box sx={{ display: 'flex', gap: 2, p: 2, flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
      <Paper
        variant="outlined"
        sx={{
          p: 1.5,
          width: { md: 320 },
          flexShrink: 0,
          display: 'flex',
          flexDirection: 'column',
          maxHeight: { md: 'calc(100vh - 140px)' },
        }}
      >
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          Image Viewer
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => check(runIdsUnder(tree), true)}
            disabled={tree.length === 0}
          >
            Select all runs
          </Button>
          <Button size="small" onClick={() => setChecked(new Set())} disabled={checked.size === 0}>
            Clear
          </Button>
        </Box>
        {trace.isPending ? (
          <CircularProgress size={28} sx={{ m: 2 }} aria-label="Loading wafers" />
        ) : trace.error ? (
          <Alert severity="error">{trace.error.message}</Alert>
        ) : (
          <TraceTree nodes={tree} label="Wafers" checkedRuns={checked} onCheckRuns={check} />
        )}
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id="image-type-label">Image type</InputLabel>
            <Select
              labelId="image-type-label"
              label="Image type"
              value={imageType}
              onChange={(e) => setImageType(e.target.value)}
            >
              {types.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Typography color="text.secondary" variant="body2">
            {checked.size} {checked.size === 1 ? 'run' : 'runs'} selected
          </Typography>
          {qc.isFetching && <CircularProgress size={20} aria-label="Loading QC records" />}
        </Box>
        {qc.error && <Alert severity="error">{qc.error.message}</Alert>}
        {checked.size === 0 ? (
          <Typography color="text.secondary">{LAB_MSG.selectRunsHint}</Typography>
        ) : !qc.isPending && cards.length === 0 ? (
          <Alert severity="info">{LAB_MSG.noImagesFound}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 2 }}>
            {cards.map(({ record, key }) => (
              <Card key={key} variant="outlined" data-testid="qc-card">
                <CardHeader
                  title={record.id}
                  subheader={imageType}
                  slotProps={{ title: { variant: 'subtitle1' } }}
                  sx={{ pb: 0 }}
                />
                <CardContent>
                  <StorageImage
                    bucket={bucket}
                    fileKey={key}
                    alt={`${record.id} ${imageType}`}
                    onFailed={() => markFailed(key)}
                  />
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
