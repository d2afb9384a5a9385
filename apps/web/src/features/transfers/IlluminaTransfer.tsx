import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloudDownload from '@mui/icons-material/CloudDownload';
import {
  BASESPACE_PAGE_SIZE,
  TRANSFER_MSG,
  ZBasespaceListing,
  type TBasespaceDataset,
  type TBasespaceListing,
  type TTaskState,
} from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { postTask, runTaskToEnd } from '../../api/tasks';
import { hasNextPage, megabytesIndian, pageCounter } from './format';
import { statusText, TransferProgress } from './TransferProgress';

const LIST_TASK = 'core.list_basespace_datasets';
const DOWNLOAD_TASK = 'core.download_from_basespace_href';

/** A dataset's download: its task, and whether it ended in failure (then it may be tried again). */
interface Download {
  taskId: string;
  failed: boolean;
}

/**
 * Transfer Seq (Illumina) (spec 03 §2.9): the BaseSpace datasets of the lab's account, ten per page, each with
 * its files and where they go, and a 'Download To S3' of the whole dataset as a task with its progress.
 */
export function IlluminaTransfer() {
  const [page, setPage] = useState<TBasespaceListing | null>(null);
  const [listing, setListing] = useState(false);
  /** The listing task while it runs: waiting behind downloads on the same queue shows its position. */
  const [listState, setListState] = useState<TTaskState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloads, setDownloads] = useState<Record<string, Download>>({});
  const snack = useSnackbar();

  const list = async (offset: number) => {
    setListing(true);
    setError(null);
    try {
      const result = await runTaskToEnd(LIST_TASK, 'atxcloud_core', [offset], {}, { onState: setListState });
      setPage(ZBasespaceListing.parse(result));
      snack(TRANSFER_MSG.batchRetrieved, { color: 'success' });
    } catch (e) {
      setError((e as Error).message);
      snack(TRANSFER_MSG.batchError, { color: 'error' });
    } finally {
      setListing(false);
      setListState(null);
    }
  };

  const reset = () => {
    setPage(null);
    setError(null);
    setDownloads({});
  };

  const download = async (dataset: TBasespaceDataset) => {
    try {
      const files = dataset.file_downloads.map(({ href, name, size, outpath }) => ({ href, name, size, outpath }));
      const state = await postTask(DOWNLOAD_TASK, 'atxcloud_core', [files], {
        run_id: dataset.run_id,
        description: `Illumina ${dataset.Name}`,
      });
      setDownloads((current) => ({ ...current, [dataset.Id]: { taskId: state._id, failed: false } }));
    } catch (e) {
      snack(`${TRANSFER_MSG.taskInfoError}: ${(e as Error).message}`, { color: 'error' });
    }
  };

  const ended = useCallback(
    (dataset: TBasespaceDataset, state: TTaskState) => {
      const ok = state.status === 'SUCCESS';
      snack(ok ? TRANSFER_MSG.workerFinished : (state.error ?? 'Worker failed'), { color: ok ? 'success' : 'error' });
      setDownloads((current) => ({ ...current, [dataset.Id]: { taskId: state._id, failed: !ok } }));
      if (ok)
        setPage((current) =>
          current
            ? {
                ...current,
                Items: current.Items.map((d) =>
                  d.Id === dataset.Id
                    ? { ...d, file_downloads: d.file_downloads.map((f) => ({ ...f, output_exists: true })) }
                    : d,
                ),
              }
            : current,
        );
    },
    [snack],
  );

  const offset = page?.Paging.Offset ?? 0;
  const total = page?.Paging.TotalCount ?? 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="contained" onClick={() => void list(0)} disabled={listing}>
          List Batches
        </Button>
        <Button onClick={reset} disabled={listing}>
          Reset
        </Button>
        {listing && (
          <>
            <CircularProgress size={24} aria-label="Listing datasets" />
            <Typography variant="body2" color="text.secondary" role="status">
              {statusText(listState ?? undefined)}
            </Typography>
          </>
        )}
        {page && (
          <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconButton
              aria-label="Previous page"
              disabled={listing || offset === 0}
              onClick={() => void list(Math.max(0, offset - BASESPACE_PAGE_SIZE))}
            >
              <ChevronLeft />
            </IconButton>
            <Typography variant="body2" aria-label="Datasets shown">
              {pageCounter(offset, page.Items.length, total)}
            </Typography>
            <IconButton
              aria-label="Next page"
              disabled={listing || !hasNextPage(offset, BASESPACE_PAGE_SIZE, total)}
              onClick={() => void list(offset + BASESPACE_PAGE_SIZE)}
            >
              <ChevronRight />
            </IconButton>
          </Box>
        )}
      </Stack>
      {error && <Alert severity="error">{`${TRANSFER_MSG.batchError}: ${error}`}</Alert>}
      {page && page.Items.length === 0 && <Alert severity="info">The BaseSpace account has no datasets.</Alert>}
      {page?.Items.map((dataset) => {
        const current = downloads[dataset.Id];
        return (
          <Paper
            component="section"
            key={dataset.Id}
            variant="outlined"
            sx={{ p: 1.5 }}
            aria-label={`Dataset ${dataset.Name}`}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {dataset.run_id || 'No run id'}
              </Typography>
              <Typography variant="body2">{dataset.DatasetType.Name}</Typography>
              <Typography variant="body2">{dataset.Name}</Typography>
              <Typography variant="body2">{dataset.Project.Name}</Typography>
              <Typography variant="body2">{megabytesIndian(dataset.TotalSize)} MB</Typography>
              <Typography variant="body2">{dataset.DateCreated.slice(0, 10)}</Typography>
              <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
                {current && (
                  <TransferProgress
                    key={current.taskId}
                    taskId={current.taskId}
                    label={dataset.Name}
                    onEnd={(state) => ended(dataset, state)}
                  />
                )}
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<CloudDownload />}
                  disabled={!dataset.run_id || (current !== undefined && !current.failed)}
                  onClick={() => void download(dataset)}
                  aria-label={`Download ${dataset.Name} To S3`}
                >
                  Download To S3
                </Button>
              </Box>
            </Box>
            {!dataset.run_id && (
              <Typography variant="caption" color="warning.main">
                {TRANSFER_MSG.noRunId(dataset.Name)}
              </Typography>
            )}
            <Table size="small" aria-label={`Files of ${dataset.Name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell align="right">Size (MB)</TableCell>
                  <TableCell>Output path</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {dataset.file_downloads.map((file) => (
                  <TableRow key={file.href}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{file.name}</TableCell>
                    <TableCell align="right">{megabytesIndian(file.size)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {file.outpath}
                      {file.output_exists && (
                        <Chip size="small" color="warning" label={TRANSFER_MSG.fileExists} sx={{ ml: 1 }} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        );
      })}
    </Stack>
  );
}
