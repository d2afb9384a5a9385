import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import type { LabKind } from '@atlas/contracts';
import { KIND_INFO } from './labKinds';
import { useLabHistory } from './queries';
import { fieldChanges } from './recordLogic';

const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** The audit entries of one record, newest first, each with its field-by-field before → after differences. */
export function HistoryDialog({ kind, recordKey, onClose }: { kind: LabKind; recordKey: string; onClose: () => void }) {
  const history = useLabHistory(kind, recordKey);
  const title = `History of ${KIND_INFO[kind].noun} ${recordKey}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="lab-history-title" fullWidth maxWidth="md">
      <DialogTitle id="lab-history-title">{title}</DialogTitle>
      <DialogContent>
        {history.isPending ? (
          <CircularProgress aria-label="Loading history" />
        ) : history.isError ? (
          <Alert severity="error">{history.error.message}</Alert>
        ) : history.data.length === 0 ? (
          <Typography color="text.secondary">No recorded changes for this record.</Typography>
        ) : (
          <Table size="small" aria-labelledby="lab-history-title">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => {
                const changes = fieldChanges(entry.before, entry.after);
                return (
                  <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(entry.at)}</TableCell>
                    <TableCell>{entry.actor ?? 'system'}</TableCell>
                    <TableCell>{entry.action}</TableCell>
                    <TableCell>
                      {changes.length === 0 ? (
                        <Typography variant="body2" color="text.secondary">
                          No field changes
                        </Typography>
                      ) : (
                        changes.map((change) => (
                          <Box key={change.field} data-testid="history-change" sx={{ fontSize: 14, wordBreak: 'break-word' }}>
                            <strong>{change.field}</strong>:{' '}
                            <Box component="span" sx={{ color: 'error.main', textDecoration: change.before ? 'line-through' : 'none' }}>
                              {change.before || '—'}
                            </Box>{' '}
                            →{' '}
                            <Box component="span" sx={{ color: 'success.dark' }}>
                              {change.after || '—'}
                            </Box>
                          </Box>
                        ))
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
