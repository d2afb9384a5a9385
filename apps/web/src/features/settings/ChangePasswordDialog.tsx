import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '@atlas/contracts';
import { errorText } from '../admin/apiErrors';
import { ChangePasswordFields } from './ChangePasswordFields';
import { useChangePasswordForm } from './useChangePasswordForm';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

const FORM_ID = 'change-password-dialog-form';

/** The app bar's Change Password dialog for the signed-in user (spec 01 §2, §8). */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const form = useChangePasswordForm({ success: MSG.passwordChanged, failure: errorText }, onClose);
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="change-password-title" fullWidth maxWidth="xs">
      <DialogTitle id="change-password-title">Change Password</DialogTitle>
      <DialogContent>
        <form
          id={FORM_ID}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <ChangePasswordFields values={form.values} errors={form.errors} onChange={form.setField} autoFocus />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" form={FORM_ID} variant="contained" loading={form.pending}>
          Change Password
        </Button>
      </DialogActions>
    </Dialog>
  );
}
