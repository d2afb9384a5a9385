import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG } from '@atlas/contracts';
import { ChangePasswordFields } from './ChangePasswordFields';
import { useChangePasswordForm } from './useChangePasswordForm';

/** User settings › Change Password, with the admin-panel toasts of spec 03 §8. */
export function ChangePasswordTab() {
  const form = useChangePasswordForm({
    success: MSG.adminPasswordChanged,
    failure: () => MSG.adminPasswordChangeFailed,
    invalid: MSG.passwordNotValid,
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 420 }}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <ChangePasswordFields values={form.values} errors={form.errors} onChange={form.setField} />
      <Button type="submit" variant="contained" loading={form.pending} sx={{ alignSelf: 'flex-start' }}>
        Change Password
      </Button>
    </Stack>
  );
}
