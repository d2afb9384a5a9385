import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import type { ApiTokenState, TApiToken } from '@atlas/contracts';
import { formatTime } from './formatTime';

const STATE_LABEL: Record<ApiTokenState, { label: string; color: 'success' | 'default' | 'error' | 'warning' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'warning' },
  revoked: { label: 'Revoked', color: 'default' },
  ended: { label: 'Ended (password changed)', color: 'error' },
};

interface ApiTokenTableProps<T extends TApiToken> {
  tokens: { isPending: boolean; isError: boolean; error: unknown; data?: T[] };
  /** Labels the table for assistive technology: the id of the section's heading. */
  labelledBy: string;
  /** The owner column (the admin list). */
  ownerOf?: (token: T) => string;
  onRevoke: (token: T) => void;
  errorText: (error: unknown) => string;
}

/** Personal API tokens as a table (User Settings and the Admin Panel): never a secret, only its hint. */
export function ApiTokenTable<T extends TApiToken>({
  tokens,
  labelledBy,
  ownerOf,
  onRevoke,
  errorText,
}: ApiTokenTableProps<T>) {
  if (tokens.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading API tokens" />
      </Box>
    );
  }
  if (tokens.isError) return <Alert severity="error">{errorText(tokens.error)}</Alert>;
  const columns = [
    ...(ownerOf ? ['Owner'] : []),
    'Name',
    'Token',
    'Created',
    'Expires',
    'Last used',
    'Status',
    'Actions',
  ];
  const rows = tokens.data ?? [];
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography color="text.secondary">No API tokens.</Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((token) => (
              <TableRow key={token.id} hover>
                {ownerOf && <TableCell sx={{ fontWeight: 500 }}>{ownerOf(token)}</TableCell>}
                <TableCell sx={{ fontWeight: ownerOf ? undefined : 500 }}>{token.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{token.hint}</TableCell>
                <TableCell>{formatTime(token.created_at)}</TableCell>
                <TableCell>{formatTime(token.expires_at)}</TableCell>
                <TableCell>{token.last_used_at ? formatTime(token.last_used_at) : 'Never'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    {...STATE_LABEL[token.state]}
                    title={
                      token.revoked_at
                        ? `Revoked by ${token.revoked_by ?? 'unknown'} on ${formatTime(token.revoked_at)}`
                        : undefined
                    }
                  />
                </TableCell>
                <TableCell>
                  {token.state === 'active' && (
                    <Tooltip title="Revoke">
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={`Revoke ${token.name}`}
                        onClick={() => onRevoke(token)}
                      >
                        <BlockIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
