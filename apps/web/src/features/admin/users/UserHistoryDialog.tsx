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
import { errorText } from '../apiErrors';
import { formatTime } from '../formatTime';
import { useUserAudit } from '../queries';
import { describeChange } from './describeChange';

/** Who changed this account and how, newest first, from the audit log. */
export function UserHistoryDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const audit = useUserAudit(username);
  return (
    <Dialog open onClose={onClose} aria-labelledby="user-history-title" fullWidth maxWidth="md">
      <DialogTitle id="user-history-title">History of {username}</DialogTitle>
      <DialogContent>
        {audit.isPending ? (
          <CircularProgress aria-label="Loading history" />
        ) : audit.isError ? (
          <Alert severity="error">{errorText(audit.error)}</Alert>
        ) : audit.data.length === 0 ? (
          <Typography color="text.secondary">No recorded changes for this user.</Typography>
        ) : (
          <Table size="small" aria-labelledby="user-history-title">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Change</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audit.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(entry.at)}</TableCell>
                  <TableCell>{entry.actor ?? 'system'}</TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{describeChange(entry.before, entry.after)}</TableCell>
                </TableRow>
              ))}
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
