import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { LAB_MSG } from '@atlas/contracts';
import { formatSize, type QcUploadPlan } from './qcUpload';
import type { ItemState, PickedFile } from './useQcUpload';

const ROWS_PER_PAGE = 15;

interface QcUploadFilesTableProps {
  /** The picked files that match the search. */
  shown: readonly PickedFile[];
  /** Whether any file was picked at all, to say why the table is empty. */
  anyPicked: boolean;
  plan: QcUploadPlan<PickedFile>;
  items: Readonly<Record<string, ItemState>>;
  /** Once the upload started, each row shows its progress. */
  statusColumn: boolean;
  page: number;
  onPage(page: number): void;
}

/** The picked files, a page at a time, with their size and, while uploading, each file's progress. */
export function QcUploadFilesTable({
  shown,
  anyPicked,
  plan,
  items,
  statusColumn,
  page,
  onPage,
}: QcUploadFilesTableProps) {
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Files to upload">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Filename</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 110 }} align="right">
                Size
              </TableCell>
              {statusColumn && <TableCell sx={{ fontWeight: 600, width: 160 }}>Progress</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={statusColumn ? 3 : 2} sx={{ color: 'text.secondary' }}>
                  {anyPicked
                    ? 'No file matches the search.'
                    : 'Add a directory holding one folder per QC run, each with a metadata.json.'}
                </TableCell>
              </TableRow>
            ) : (
              shown.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE).map((f) => {
                const key = plan.items.find((i) => i.file === f)?.key;
                return (
                  <TableRow key={f.path}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{f.path}</TableCell>
                    <TableCell align="right">{formatSize(f.size)}</TableCell>
                    {statusColumn && (
                      <TableCell>
                        <FileProgress path={f.path} state={key ? items[key] : undefined} />
                      </TableCell>
                    )}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={shown.length}
        page={Math.min(page, Math.max(0, Math.ceil(shown.length / ROWS_PER_PAGE) - 1))}
        onPageChange={(_, p) => onPage(p)}
        rowsPerPage={ROWS_PER_PAGE}
        rowsPerPageOptions={[ROWS_PER_PAGE]}
      />
    </>
  );
}

/** One file's upload: its error, cancelled, a progress bar, or skipped (a loose file outside a QC folder). */
function FileProgress({ path, state }: { path: string; state: ItemState | undefined }) {
  if (state?.error)
    return (
      <Typography variant="body2" color="error" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <ErrorOutline fontSize="small" /> {state.error}
      </Typography>
    );
  if (state?.cancelled)
    return (
      <Typography variant="body2" color="text.secondary">
        {LAB_MSG.uploadCancelled}
      </Typography>
    );
  if (state) return <LinearProgress variant="determinate" value={state.progress} aria-label={`Progress of ${path}`} />;
  return (
    <Typography variant="body2" color="text.secondary">
      skipped
    </Typography>
  );
}
