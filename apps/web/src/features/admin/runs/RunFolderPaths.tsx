import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../apiErrors';

const PATHS_PER_PAGE = 5;

interface RunFolderPathsProps {
  /** The folders under data/ that match the filter. */
  paths: readonly string[];
  loading: boolean;
  /** The listing's error, null when it succeeded. */
  error: unknown;
  filter: string;
  onFilterChange: (next: string) => void;
  page: number;
  onPageChange: (next: number) => void;
  path: string | null;
  onPathChange: (next: string) => void;
}

/** The "Paths" section of Create A Run: a filter and one page of the bucket's run folders, one of them chosen. */
export function RunFolderPaths(props: RunFolderPathsProps) {
  const { filter, onFilterChange, onPageChange } = props;
  return (
    <section aria-label="Paths">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          Path
        </Typography>
        <TextField
          size="small"
          label="Filter paths"
          value={filter}
          onChange={(e) => {
            onFilterChange(e.target.value);
            onPageChange(0);
          }}
        />
      </Stack>
      <PathsBody {...props} />
    </section>
  );
}

function PathsBody({ paths, loading, error, page, onPageChange, path, onPathChange }: RunFolderPathsProps) {
  if (loading) return <CircularProgress aria-label="Loading paths" />;
  if (error !== null) return <Alert severity="error">{errorText(error)}</Alert>;
  if (paths.length === 0) return <Typography color="text.secondary">No run folders under data/ match.</Typography>;
  return (
    <>
      <Table size="small" aria-label="Paths">
        <TableBody>
          {paths.slice(page * PATHS_PER_PAGE, (page + 1) * PATHS_PER_PAGE).map((p) => (
            <TableRow key={p} hover selected={p === path} onClick={() => onPathChange(p)} sx={{ cursor: 'pointer' }}>
              <TableCell padding="checkbox">
                <Radio
                  checked={p === path}
                  onChange={() => onPathChange(p)}
                  slotProps={{ input: { 'aria-label': p } }}
                />
              </TableCell>
              <TableCell>{p}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={paths.length}
        page={page}
        onPageChange={(_, next) => onPageChange(next)}
        rowsPerPage={PATHS_PER_PAGE}
        rowsPerPageOptions={[PATHS_PER_PAGE]}
      />
    </>
  );
}
