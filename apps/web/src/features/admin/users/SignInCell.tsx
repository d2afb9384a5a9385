import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { SIGN_IN_METHOD_LABEL, type TManagedUser } from '@atlas/contracts';
import { SecondFactorCell } from './SecondFactorCell';

/**
 * How an account signs in (issue 35): Local (its portal password), OIDC or LDAP, and beside it the second factor.
 * An OIDC account's second factor is its provider's, so the portal's own is not shown for it.
 */
export function SignInCell({
  user,
  onResetSecondFactor,
}: {
  user: TManagedUser;
  onResetSecondFactor: (username: string) => void;
}) {
  const method = user.sign_in_method;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        label={SIGN_IN_METHOD_LABEL[method]}
        color={method === 'local' ? 'default' : 'primary'}
        title={
          method === 'oidc' ? 'Signs in through the institution’s OpenID provider (its own second factor)' : undefined
        }
      />
      {method !== 'oidc' && <SecondFactorCell user={user} onReset={onResetSecondFactor} />}
    </Stack>
  );
}
