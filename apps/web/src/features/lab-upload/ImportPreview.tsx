import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LAB_KEY, LAB_MSG, LAB_SINGULAR, type LabKind, type TImportPreview, type TPreviewRow } from '@atlas/contracts';
import { previewValue, type FilePreview } from './preview';

/** Rows listed per file; the rest are counted (a 10,000-row file would make the dialog unusable). */
const LISTED_ROWS = 200;

const STATUS_COLOR = { new: 'success', changed: 'warning', unchanged: 'default' } as const;

/**
 * What the chosen CSV files would do, before anything is written (issue 37 item 6): per file its counts, the new
 * fields it brings, and per row new / changed (field: old → new) / unchanged; a refused file shows the server's
 * reason. New and changed rows are listed first.
 */
export function ImportPreview({ kind, files, previews }: { kind: LabKind; files: File[]; previews: FilePreview[] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="import-preview">
      {files.map((file, index) => {
        const preview = previews[index];
        return (
          <Box key={`${file.name}-${index}`} component="section" aria-label={`Preview of ${file.name}`}>
            <Typography variant="subtitle2" sx={{ wordBreak: 'break-all', mb: 0.5 }}>
              {file.name}
            </Typography>
            {!preview || preview.state === 'checking' ? (
              <LinearProgress
                variant="determinate"
                value={preview?.progress ?? 0}
                aria-label={`Checking ${file.name}`}
              />
            ) : preview.state === 'refused' ? (
              <Alert severity="error" role="alert">
                {preview.message}
              </Alert>
            ) : (
              <FilePreviewTable kind={kind} preview={preview.preview} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function FilePreviewTable({ kind, preview }: { kind: LabKind; preview: TImportPreview }) {
  const listed = [...preview.rows]
    .sort((a, b) => Number(a.status === 'unchanged') - Number(b.status === 'unchanged'))
    .slice(0, LISTED_ROWS);
  const notListed = preview.rows.length - listed.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" data-testid="preview-summary">
        {preview.created} new, {preview.updated} changed, {preview.unchanged} unchanged
      </Typography>
      {preview.new_fields.length > 0 && (
        <Alert severity="info">{LAB_MSG.previewNewFields(LAB_SINGULAR[kind], preview.new_fields)}</Alert>
      )}
      {preview.warnings.length > 0 && <Alert severity="warning">{preview.warnings.join(' ')}</Alert>}
      <TableContainer sx={{ maxHeight: '40vh' }}>
        <Table size="small" stickyHeader aria-label="Rows to write">
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>{LAB_KEY[kind]}</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {listed.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{row.key}</TableCell>
                <TableCell>
                  <Chip size="small" label={row.status} color={STATUS_COLOR[row.status]} variant="outlined" />
                </TableCell>
                <TableCell>
                  <Changes row={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {notListed > 0 && (
        <Typography variant="caption" color="text.secondary">
          {notListed} more rows are not listed.
        </Typography>
      )}
    </Box>
  );
}

function Changes({ row }: { row: TPreviewRow }) {
  if (row.status !== 'changed') return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.changes.map((change) => (
        <li key={change.field}>
          <b>{change.field}</b>: {previewValue(change.old)} → {previewValue(change.new)}
        </li>
      ))}
    </Box>
  );
}
