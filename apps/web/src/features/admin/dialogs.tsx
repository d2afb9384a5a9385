/** The Admin menu's account dialogs, opened by the shell (Admin › User). */
export type { DialogProps } from './dialogProps';
export { RegisterUserDialog } from './RegisterUserDialog';
export { ResetUserPasswordDialog } from './ResetUserPasswordDialog';
