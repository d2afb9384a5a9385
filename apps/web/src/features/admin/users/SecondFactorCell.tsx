import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import LockResetIcon from '@mui/icons-material/LockReset';
import { RECOVERY_CODE_COUNT, type TManagedUser } from '@atlas/contracts';

/** An account's second factor in the users table (issue 35): on (with recovery codes left), off, or owed. */
export function SecondFactorCell({ user, onReset }: { user: TManagedUser; onReset: (username: string) => void }) {
  const { enabled, recovery_codes_left: left, required } = user.second_factor;
  if (!enabled)
    return required ? (
      <Chip size="small" label="Required, not set up" color="warning" variant="outlined" />
    ) : (
      <Chip size="small" label="Off" variant="outlined" />
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        label="TOTP"
        color="success"
        variant="outlined"
        title={`${left} of ${RECOVERY_CODE_COUNT} recovery codes left`}
      />
      <Tooltip title="Reset two-step sign-in (lost device)">
        <IconButton
          size="small"
          aria-label={`Reset two-step sign-in of ${user.username}`}
          onClick={() => onReset(user.username)}
        >
          <LockResetIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
