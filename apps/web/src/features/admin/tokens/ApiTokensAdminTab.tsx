import { useQuery } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { apiTokenCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { ApiTokenTable } from '../../../components/ApiTokenTable';
import { apiTokenKeys, useRevokeApiToken } from '../../settings/api-tokens/queries';
import { errorText } from '../apiErrors';

/** Admin Panel › API Tokens: every account's personal API tokens with their owners; an admin may revoke any. */
export function ApiTokensAdminTab() {
  const tokens = useQuery({
    queryKey: [...apiTokenKeys.all, 'everyone'],
    queryFn: ({ signal }) => callApi(apiTokenCalls.listAllApiTokens, { signal }),
  });
  const revoke = useRevokeApiToken();
  return (
    <Paper component="section" aria-labelledby="all-tokens-title" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="all-tokens-title">
          API Tokens
        </Typography>
        <Tooltip title="Refresh">
          <IconButton
            aria-label="Refresh API tokens"
            onClick={() => void tokens.refetch()}
            disabled={tokens.isFetching}
          >
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <ApiTokenTable
        tokens={tokens}
        labelledBy="all-tokens-title"
        ownerOf={(token) => token.owner}
        onRevoke={(token) => void revoke(token)}
        errorText={errorText}
      />
    </Paper>
  );
}
