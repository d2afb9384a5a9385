/** Props the shell gives every dialog it opens from a menu. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}
