import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import { LIST_DIALOG_PAGE_SIZE, MSG, type TManagedUser } from '@atlas/contracts';
import { errorText } from '../apiErrors';
import { useAccounts } from '../queries';
import { SignInCell } from './SignInCell';

/**
 * Eleven columns are wider than a 1400 px window once groups and names are long: the table scrolls sideways in its
 * container and the Actions stay pinned at its right edge, so no account's buttons are ever cut off.
 */
const STICKY_ACTIONS = { position: 'sticky', right: 0, bgcolor: 'background.paper', whiteSpace: 'nowrap' } as const;

const COLUMNS = [
  'Username',
  'User Status',
  'Groups',
  'Email',
  'Email Verified',
  // Ours (issue 35): how the account signs in (its password, an institution) and its second factor, in one column.
  'Sign-in',
  'Full Name',
  'Organization',
  'PI Name',
  'Actions',
] as const;

interface UsersTableProps {
  /** The signed-in admin, who may not delete their own account from here. */
  currentUsername: string | null;
  onEdit: (username: string) => void;
  onDelete: (username: string) => void;
  /** Disables (true) or enables (false) the account, after a confirmation. */
  onSetDisabled: (username: string, disabled: boolean) => void;
  onHistory: (username: string) => void;
  /** Removes the account's second factor (a lost phone), after a confirmation. */
  onResetSecondFactor: (username: string) => void;
}

/** The User Management table of spec 01 §2, 15 rows a page like the spec's list dialogs. */
export function UsersTable(props: UsersTableProps) {
  const accounts = useAccounts();
  const [page, setPage] = useState(0);

  if (accounts.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading users" />
      </Box>
    );
  }
  if (accounts.isError) return <Alert severity="error">{errorText(accounts.error)}</Alert>;

  const users = accounts.data;
  // A deletion can leave the current page past the end.
  const lastPage = Math.max(0, Math.ceil(users.length / LIST_DIALOG_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = users.slice(shownPage * LIST_DIALOG_PAGE_SIZE, (shownPage + 1) * LIST_DIALOG_PAGE_SIZE);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby="users-title">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} sx={column === 'Actions' ? STICKY_ACTIONS : undefined}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Typography color="text.secondary">No users.</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((user) => <UserRow key={user.username} user={user} {...props} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {users.length > LIST_DIALOG_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={users.length}
          page={shownPage}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={LIST_DIALOG_PAGE_SIZE}
          rowsPerPageOptions={[LIST_DIALOG_PAGE_SIZE]}
        />
      )}
    </>
  );
}

function UserRow({
  user,
  currentUsername,
  onEdit,
  onDelete,
  onHistory,
  onSetDisabled,
  onResetSecondFactor,
}: { user: TManagedUser } & UsersTableProps) {
  const isSelf = user.username === currentUsername;
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500 }}>{user.username}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5}>
          <Chip
            size="small"
            label={user.status}
            color={user.status === 'CONFIRMED' ? 'success' : 'warning'}
            variant="outlined"
          />
          {user.disabled && <Chip size="small" label="DISABLED" color="error" variant="outlined" />}
          {user.status === 'UNCONFIRMED' && user.email_verified && (
            <Chip size="small" label={MSG.awaitingApproval} color="info" title={MSG.awaitingApprovalHint} />
          )}
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {user.groups.map((group) => (
            <Chip key={group} size="small" label={group} />
          ))}
        </Stack>
      </TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>{user.email_verified ? 'Yes' : 'No'}</TableCell>
      <TableCell>
        <SignInCell user={user} onResetSecondFactor={onResetSecondFactor} />
      </TableCell>
      <TableCell>{user.name}</TableCell>
      <TableCell>{user.organization}</TableCell>
      <TableCell>{user.piname}</TableCell>
      <TableCell sx={STICKY_ACTIONS}>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${user.username}`} onClick={() => onEdit(user.username)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="History">
          <IconButton size="small" aria-label={`History of ${user.username}`} onClick={() => onHistory(user.username)}>
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {user.disabled ? (
          <Tooltip title="Enable">
            <IconButton
              size="small"
              color="success"
              aria-label={`Enable ${user.username}`}
              onClick={() => onSetDisabled(user.username, false)}
            >
              <CheckCircleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={isSelf ? MSG.cannotDisableSelf : 'Disable'}>
            <span>
              <IconButton
                size="small"
                color="warning"
                aria-label={`Disable ${user.username}`}
                disabled={isSelf}
                onClick={() => onSetDisabled(user.username, true)}
              >
                <BlockIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title={isSelf ? MSG.cannotDeleteSelf : 'Delete'}>
          {/* A disabled button fires no events, so the tooltip needs a wrapper to show why. */}
          <span>
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete ${user.username}`}
              disabled={isSelf}
              onClick={() => onDelete(user.username)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
