import { Suspense, useState, type ReactNode } from 'react';
import { ChangePasswordDialog, RegisterUserDialog, ResetUserPasswordDialog, UploadQcDialog } from '../registry';

export type AccountDialog = 'registerUser' | 'resetUserPassword' | 'changePassword' | 'uploadQced';

/** The account dialogs the app bar opens (spec 01 §2 "Account dialogs"). */
export function ShellDialogs({ open, onClose }: { open: AccountDialog | null; onClose: () => void }) {
  return (
    <>
      <Deferred open={open === 'registerUser'}>
        <RegisterUserDialog open={open === 'registerUser'} onClose={onClose} />
      </Deferred>
      <Deferred open={open === 'resetUserPassword'}>
        <ResetUserPasswordDialog open={open === 'resetUserPassword'} onClose={onClose} />
      </Deferred>
      <Deferred open={open === 'changePassword'}>
        <ChangePasswordDialog open={open === 'changePassword'} onClose={onClose} />
      </Deferred>
      <Deferred open={open === 'uploadQced'}>
        <UploadQcDialog open={open === 'uploadQced'} onClose={onClose} />
      </Deferred>
    </>
  );
}

/** Mounts a lazy dialog on its first opening and keeps it mounted afterwards, so its closing transition plays. */
function Deferred({ open, children }: { open: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
