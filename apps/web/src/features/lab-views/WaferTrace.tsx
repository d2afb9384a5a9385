import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LAB_MSG, labCalls, QC_DEFAULT_IMAGES, type TQcRecord } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { useDataBucket, useQcRecords, useWaferTrace } from './api';
import { StorageImage } from './StorageImage';
import { TraceTree } from './TraceTree';
import { buildTraceTree, fieldRows, flatten, pathTo, pngImages, type TraceNode, type TraceType } from './tree';

/** Spec 02 §9: the detail table shows up to 1000 rows in 20vh. */
const DETAIL_ROWS = 1000;

/** Wafer Trace (spec 02 §2.2): the wafer → chip → DBiT tree, the selected record's fields and its QC images. */
export function WaferTrace() {
  const trace = useWaferTrace();
  const tree = useMemo(() => buildTraceTree(trace.data ?? {}), [trace.data]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [levels, setLevels] = useState<Record<'DBiT' | 'Chip', boolean>>({ DBiT: true, Chip: false });
  const [chosenKey, setChosenKey] = useState<string | null>(null);

  const selected = selectedKey ? pathTo(tree, selectedKey).at(-1) : undefined;
  // The dropdown: the selected node, then the runs and chips below it whose level is ticked.
  const items = useMemo(() => {
    if (!selected) return [];
    const seen = new Set<string>();
    return flatten([selected]).filter((n) => {
      if (n !== selected && (n.type === 'Wafer' || !levels[n.type])) return false;
      const id = `${n.type}/${n.id}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }, [selected, levels]);
  const chosen = items.find((n) => n.key === chosenKey) ?? items[0];

  const select = (node: TraceNode) => {
    setSelectedKey(node.key);
    setChosenKey(node.key);
  };

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
          Wafer Trace
        </Typography>
        {trace.isPending ? (
          <CircularProgress size={28} sx={{ m: 2 }} aria-label="Loading wafers" />
        ) : trace.error ? (
          <Alert severity="error">{trace.error.message}</Alert>
        ) : (
          <TraceTree nodes={tree} label="Wafers" selectedKey={selectedKey} onSelect={select} />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {chosen ? `${chosen.type} Details` : 'Details'}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 1 }}>
          {(['DBiT', 'Chip'] as const).map((level) => (
            <FormControlLabel
              key={level}
              label={level}
              control={
                <Checkbox
                  checked={levels[level]}
                  onChange={(e) => setLevels((prev) => ({ ...prev, [level]: e.target.checked }))}
                />
              }
            />
          ))}
          <FormControl size="small" sx={{ minWidth: 220 }} disabled={items.length === 0}>
            <InputLabel id="trace-item-label">Selected</InputLabel>
            <Select
              labelId="trace-item-label"
              label="Selected"
              value={chosen?.key ?? ''}
              onChange={(e) => setChosenKey(e.target.value)}
            >
              {items.map((n) => (
                <MenuItem key={n.key} value={n.key}>
                  {n.type}/{n.id}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
        {chosen ? (
          <>
            <RecordTable node={chosen} />
            {chosen.type === 'DBiT' ? (
              <QcPanes runId={chosen.id} />
            ) : (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                Choose a DBiT run to see its QC images.
              </Typography>
            )}
          </>
        ) : (
          <Typography color="text.secondary">Select a wafer, chip or DBiT run in the tree.</Typography>
        )}
      </Paper>
    </Box>
  );
}

/** Key fields first (spec 02 §2.4 sorts them first in the editors too). */
const KEY_FIELDS: Record<TraceType, string[]> = {
  Wafer: ['wafer_id'],
  Chip: ['chip_id', 'wafer_id', 'waferid'],
  DBiT: ['run_id', 'study_id', 'chip_a_id', 'chip_b_id'],
};

const KIND_OF: Record<Exclude<TraceType, 'DBiT'>, { kind: 'wafers' | 'chips'; key: string }> = {
  Wafer: { kind: 'wafers', key: 'wafer_id' },
  Chip: { kind: 'chips', key: 'chip_id' },
};

/** The Field/Value table; wafers and chips are read from their tables, runs come with the trace. */
function RecordTable({ node }: { node: TraceNode }) {
  const lookup = node.type === 'DBiT' ? null : KIND_OF[node.type];
  const query = useQuery({
    queryKey: ['lab', lookup?.kind ?? 'dbits', 'one', node.id],
    queryFn: ({ signal }) =>
      callApi(labCalls.labKindCalls[lookup!.kind].list, {
        query: { filter: JSON.stringify({ [lookup!.key]: node.id }) },
        signal,
      }),
    enabled: lookup !== null,
    staleTime: 60_000,
  });
  const record = lookup ? (query.data?.[0] as Record<string, unknown> | undefined) : node.record;
  const rows = fieldRows(record, DETAIL_ROWS, KEY_FIELDS[node.type]);
  if (lookup && query.isPending) return <CircularProgress size={24} aria-label="Loading record" />;
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '20vh', minHeight: 120 }}>
      <Table size="small" stickyHeader aria-label={`${node.type} ${node.id} fields`}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, width: '35%' }}>Field</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={2} sx={{ color: 'text.secondary' }}>
                No record found for {node.type} {node.id}.
              </TableCell>
            </TableRow>
          ) : (
            rows.map(([field, value]) => (
              <TableRow key={field}>
                <TableCell>{field}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The two QC image panes of a run: umi-1 and before_after_umi-1 by default (spec 02 §2.2). */
function QcPanes({ runId }: { runId: string }) {
  const qc = useQcRecords([runId]);
  const record = (qc.data as TQcRecord[] | undefined)?.find((r) => r.id === runId);
  if (qc.isPending) return <CircularProgress size={24} sx={{ mt: 2 }} aria-label="Loading QC images" />;
  if (qc.error) return <Alert severity="error">{qc.error.message}</Alert>;
  const images = pngImages(record?.files.images);
  if (!record || images.length === 0)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {LAB_MSG.noImagesFound}
      </Alert>
    );
  const names = images.map(([name]) => name);
  const pick = (wanted: string, fallback: number) =>
    names.includes(wanted) ? wanted : names[Math.min(fallback, names.length - 1)]!;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, mt: 2 }} key={runId}>
      <ImagePane record={record} images={images} initial={pick(QC_DEFAULT_IMAGES[0], 0)} pane={1} />
      <ImagePane record={record} images={images} initial={pick(QC_DEFAULT_IMAGES[1], 1)} pane={2} />
    </Box>
  );
}

function ImagePane({
  record,
  images,
  initial,
  pane,
}: {
  record: TQcRecord;
  images: Array<[string, string]>;
  initial: string;
  pane: number;
}) {
  const [name, setName] = useState(initial);
  const { bucket } = useDataBucket();
  const path = images.find(([n]) => n === name)?.[1];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <FormControl size="small" fullWidth sx={{ mb: 1 }}>
        <InputLabel id={`pane-${pane}-label`}>Image {pane}</InputLabel>
        <Select
          labelId={`pane-${pane}-label`}
          label={`Image ${pane}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
        >
          {images.map(([n, p]) => (
            <MenuItem key={n} value={n}>
              {p}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {path && <StorageImage bucket={bucket} fileKey={`${record.files.root}${path}`} alt={`${record.id} ${name}`} />}
    </Paper>
  );
}
