// Placeholder: replaced by the Register User and Reset User Password dialogs.
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}
export function RegisterUserDialog(_props: DialogProps) {
  return null;
}
export function ResetUserPasswordDialog(_props: DialogProps) {
  return null;
}
