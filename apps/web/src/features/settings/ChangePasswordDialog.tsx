// Placeholder: replaced by the Change Password dialog.
export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}
export function ChangePasswordDialog(_props: ChangePasswordDialogProps) {
  return null;
}
