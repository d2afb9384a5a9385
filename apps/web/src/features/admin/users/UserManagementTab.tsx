import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { authCalls, MSG, secondFactorCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useConfirm, useSnackbar } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { errorText, isDone } from '../apiErrors';
import { useAccounts, useGroups, useInvalidateAccounts } from '../queries';
import { AddRemoveUserForm } from './AddRemoveUserForm';
import { AdminResetPasswordForm } from './AdminResetPasswordForm';
import { EditUserDialog } from './EditUserDialog';
import { SecondFactorPolicy } from './SecondFactorPolicy';
import { UserHistoryDialog } from './UserHistoryDialog';
import { UsersTable } from './UsersTable';

/** User Management (spec 01 §2, spec 03 §2.10): the user table with its dialogs, then the two admin forms. */
export function UserManagementTab() {
  const { user: me } = useSession();
  const accounts = useAccounts();
  const groups = useGroups();
  const [editing, setEditing] = useState<string | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const showSnack = useSnackbar();
  const askConfirm = useConfirm();
  const invalidate = useInvalidateAccounts();

  const remove = useMutation({
    mutationFn: (username: string) => callApi(authCalls.deleteUser, { params: { username } }),
    onSuccess: (response, username) =>
      isDone(response)
        ? showSnack(MSG.userDeletedNamed(username), { color: 'success' })
        : showSnack(MSG.userDeleteFailedNamed(username), { color: 'error' }),
    onError: (_, username) => showSnack(MSG.userDeleteFailedNamed(username), { color: 'error' }),
    onSettled: invalidate,
  });

  const setDisabled = useMutation({
    mutationFn: ({ username, disabled }: { username: string; disabled: boolean }) =>
      callApi(disabled ? authCalls.disableUser : authCalls.enableUser, { body: { username } }),
    onSuccess: (response) => showSnack(response.msg, { color: 'success' }),
    onError: (error, { username, disabled }) =>
      showSnack(`${(disabled ? MSG.userDisableFailed : MSG.userEnableFailed)(username)} ${errorText(error)}`, {
        color: 'error',
      }),
    onSettled: invalidate,
  });

  const onSetDisabled = async (username: string, disabled: boolean) => {
    const ok = await askConfirm(
      disabled
        ? {
            title: 'Disable User',
            message: `Disable the user '${username}'? They can no longer sign in, and their sessions and API tokens stop working until the account is enabled again.`,
            confirmText: 'Disable',
          }
        : {
            title: 'Enable User',
            message: `Enable the user '${username}'? They can sign in again.`,
            confirmText: 'Enable',
          },
    );
    if (ok) setDisabled.mutate({ username, disabled });
  };

  const resetSecondFactor = useMutation({
    mutationFn: (username: string) => callApi(secondFactorCalls.resetSecondFactor, { body: { username } }),
    onSuccess: (response) => showSnack(response.msg, { color: 'success' }),
    onError: (error) => showSnack(errorText(error), { color: 'error' }),
    onSettled: invalidate,
  });

  const onResetSecondFactor = async (username: string) => {
    const ok = await askConfirm({
      title: 'Reset Two-Step Sign In',
      message: `Remove the authenticator app and recovery codes of '${username}' (a lost phone)? They sign in with their password alone, or set up a new app if two-step sign-in is required.`,
      confirmText: 'Reset',
    });
    if (ok) resetSecondFactor.mutate(username);
  };

  const onDelete = async (username: string) => {
    const ok = await askConfirm({
      title: 'Delete User',
      message: `Are you sure you want to delete the user '${username}'? This cannot be undone.`,
      confirmText: 'Delete',
    });
    if (ok) remove.mutate(username);
  };

  const editedUser = accounts.data?.find((user) => user.username === editing);
  return (
    <Stack spacing={3}>
      <Paper component="section" aria-labelledby="users-title" variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" id="users-title">
            Users
          </Typography>
          <Tooltip title="Refresh">
            <IconButton aria-label="Refresh users" onClick={() => void invalidate()} disabled={accounts.isFetching}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <UsersTable
          currentUsername={me?.username ?? null}
          onEdit={setEditing}
          onDelete={(username) => void onDelete(username)}
          onSetDisabled={(username, disabled) => void onSetDisabled(username, disabled)}
          onHistory={setHistory}
          onResetSecondFactor={(username) => void onResetSecondFactor(username)}
        />
      </Paper>
      <Paper component="section" aria-labelledby="two-step-title" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="two-step-title" sx={{ mb: 2 }}>
          Two-step sign-in
        </Typography>
        <SecondFactorPolicy />
      </Paper>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <AddRemoveUserForm />
        <AdminResetPasswordForm />
      </Stack>
      {editedUser && (
        <EditUserDialog
          key={editedUser.username}
          user={editedUser}
          groupNames={(groups.data ?? []).map((group) => group.group_name)}
          onClose={() => setEditing(null)}
        />
      )}
      {history && <UserHistoryDialog username={history} onClose={() => setHistory(null)} />}
    </Stack>
  );
}
