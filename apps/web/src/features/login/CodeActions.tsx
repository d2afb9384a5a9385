import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

/** The buttons under a code form (confirmation and password reset): Re-Send, Confirm, and back to sign-in. */
export function CodeActions({
  onResend,
  onBack,
  busy,
  canSubmit,
}: {
  onResend: () => void;
  onBack: () => void;
  busy: boolean;
  canSubmit: boolean;
}) {
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onResend} disabled={busy}>
          Re-Send
        </Button>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          Confirm
        </Button>
      </Stack>
      <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ alignSelf: 'center' }}>
        Back to Sign In
      </Link>
    </>
  );
}
