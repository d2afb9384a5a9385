import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MAX_LIVE,
  TOKEN_MSG,
  ZApiTokenName,
  type TCreatedApiToken,
} from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { ApiTokenTable } from '../../../components/ApiTokenTable';
import { NewTokenDialog } from './NewTokenDialog';
import { useCreateApiToken, useOwnApiTokens, useRevokeApiToken } from './queries';

/** Lifetimes offered; the server accepts any whole number of days up to the maximum. */
const EXPIRY_CHOICES = [7, API_TOKEN_DEFAULT_DAYS, 90, 180, API_TOKEN_MAX_DAYS];
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** User Settings › API Tokens: make a token for a lab script (its secret shown once), see and revoke one's tokens. */
export function ApiTokensTab() {
  const tokens = useOwnApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const showSnack = useSnackbar();
  const [name, setName] = useState('');
  const [days, setDays] = useState(API_TOKEN_DEFAULT_DAYS);
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);

  const submit = () => {
    const parsed = ZApiTokenName.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]!.message);
      return;
    }
    setNameError(null);
    create.mutate(
      { name: parsed.data, expiry_days: days },
      {
        onSuccess: (token) => {
          setName('');
          setCreated(token);
          showSnack(TOKEN_MSG.created(token.name), { color: 'success' });
        },
        onError: (error) => showSnack(errorText(error), { color: 'error' }),
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
        A personal API token lets your scripts call the portal as you, with your current groups: send it as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. It stops working when it expires, when you revoke it, or when
        your password is changed or reset. At most {API_TOKEN_MAX_LIVE} live tokens, each for at most{' '}
        {API_TOKEN_MAX_DAYS} days.
      </Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        aria-label="New API token"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Token name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError !== null}
          helperText={nameError ?? 'What the token is for, e.g. nightly import'}
          size="small"
          sx={{ width: { xs: '100%', sm: 320 }, flex: 'none' }}
        />
        <TextField
          select
          label="Expires in"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          size="small"
          sx={{ width: { xs: '100%', sm: 160 }, flex: 'none' }}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice} days
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          loading={create.isPending}
          sx={{ flex: 'none', whiteSpace: 'nowrap' }}
        >
          Create Token
        </Button>
      </Stack>
      <section aria-labelledby="own-tokens-title">
        <Typography variant="h6" component="h2" id="own-tokens-title">
          Your API tokens
        </Typography>
        <ApiTokenTable
          tokens={tokens}
          labelledBy="own-tokens-title"
          onRevoke={(token) => void revoke(token)}
          errorText={errorText}
        />
      </section>
      {created && <NewTokenDialog created={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}
