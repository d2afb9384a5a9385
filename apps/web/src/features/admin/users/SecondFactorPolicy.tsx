import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SECOND_FACTOR_MSG as M,
  SECOND_FACTOR_POLICIES,
  secondFactorCalls as c,
  type TSecondFactorPolicy,
} from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';

const policyKey = ['auth', 'second-factor-policy'] as const;

/**
 * Whom the portal requires two-step sign-in of (issue 35). Accounts it newly covers set one up at their next
 * sign-in; their API tokens are not affected.
 */
export function SecondFactorPolicy() {
  const client = useQueryClient();
  const showSnack = useSnackbar();
  const policy = useQuery({ queryKey: policyKey, queryFn: ({ signal }) => callApi(c.secondFactorPolicy, { signal }) });
  const save = useMutation({
    mutationFn: (require: TSecondFactorPolicy) => callApi(c.setSecondFactorPolicy, { body: { require } }),
    onSuccess: (answer) => showSnack(answer.msg, { color: 'success' }),
    onError: (error) => showSnack(errorText(error), { color: 'error' }),
    // The users table shows whom it covers.
    onSettled: () => client.invalidateQueries({ queryKey: ['auth'] }),
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FormControl size="small" sx={{ minWidth: 260 }} disabled={!policy.data || save.isPending}>
        <InputLabel id="second-factor-policy-label">{M.policyLabel}</InputLabel>
        <Select
          labelId="second-factor-policy-label"
          label={M.policyLabel}
          value={policy.data?.require ?? ''}
          onChange={(event) => save.mutate(event.target.value as TSecondFactorPolicy)}
        >
          {SECOND_FACTOR_POLICIES.map((value) => (
            <MenuItem key={value} value={value}>
              {M.policyNames[value]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Typography variant="body2" color="text.secondary">
        Accounts it covers set up an authenticator app at their next sign-in. API tokens are not affected.
      </Typography>
    </Stack>
  );
}
