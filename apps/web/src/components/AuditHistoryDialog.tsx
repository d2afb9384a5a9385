import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatTime } from './formatTime';

/** One audit-log row as every history call returns it. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

interface AuditHistoryDialogProps<E extends AuditEntry> {
  title: string;
  /** The id of the dialog title (the table is labelled by it). */
  titleId: string;
  history: UseQueryResult<E[], Error>;
  emptyText: string;
  changeHeader: string;
  renderChange: (entry: E) => ReactNode;
  errorText?: (error: Error) => string;
  onClose: () => void;
}

/** Who changed a record and how, newest first: the history view of accounts and lab records. */
export function AuditHistoryDialog<E extends AuditEntry>(props: AuditHistoryDialogProps<E>) {
  const { history, titleId } = props;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        {history.isPending ? (
          <CircularProgress aria-label="Loading history" />
        ) : history.isError ? (
          <Alert severity="error">{props.errorText ? props.errorText(history.error) : history.error.message}</Alert>
        ) : history.data.length === 0 ? (
          <Typography color="text.secondary">{props.emptyText}</Typography>
        ) : (
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>{props.changeHeader}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(entry.at)}</TableCell>
                  <TableCell>{entry.actor ?? 'system'}</TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{props.renderChange(entry)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
