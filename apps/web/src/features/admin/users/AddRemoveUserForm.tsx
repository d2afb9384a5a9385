import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authCalls, MSG } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { ConfirmFailed, registerAndConfirm } from '../registerAndConfirm';
import { useConfirm, useSnackbar } from '../../../app/feedback';
import { errorText, isDone } from '../apiErrors';
import { useInvalidateAccounts } from '../queries';
import { addGroupName } from './groupLists';

const EMPTY = { username: '', password: '', name: '', email: '' };
type Field = keyof typeof EMPTY;
const FIELDS: readonly { key: Field; label: string; type?: string; autoComplete: string }[] = [
  { key: 'username', label: 'Username', autoComplete: 'off' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { key: 'name', label: 'Name', autoComplete: 'off' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
];

/** The add/remove user form of the User Management tab (spec 03 §2.10): the same rule as Register New User. */
export function AddRemoveUserForm() {
  const [values, setValues] = useState(EMPTY);
  const [group, setGroup] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const showSnack = useSnackbar();
  const askConfirm = useConfirm();
  const invalidate = useInvalidateAccounts();

  const add = useMutation({
    mutationFn: () => registerAndConfirm({ ...values, groups }),
    onSuccess: () => {
      showSnack(MSG.userCreated, { color: 'success' });
      setValues(EMPTY);
      setGroups([]);
    },
    onError: (error) => {
      if (error instanceof ConfirmFailed) return showSnack(MSG.userConfirmFailed, { color: 'error' });
      showSnack(MSG.userCreationFailed(errorText(error)), { color: 'error' });
    },
    onSettled: invalidate,
  });

  const remove = useMutation({
    mutationFn: (username: string) => callApi(authCalls.deleteUser, { params: { username } }),
    onSuccess: (response) => {
      if (!isDone(response))
        return showSnack(MSG.userDeletionFailed(MSG.unknownResponse(authCalls.deleteUser.path)), { color: 'error' });
      showSnack(MSG.userDeleted, { color: 'success' });
      setValues(EMPTY);
    },
    onError: (error) => showSnack(MSG.userDeletionFailed(errorText(error)), { color: 'error' }),
    onSettled: invalidate,
  });

  const onRemove = async () => {
    const username = values.username.trim();
    const ok = await askConfirm({
      title: 'Remove User',
      message: `Remove the user '${username}'?`,
      confirmText: 'Remove',
    });
    if (ok) remove.mutate(username);
  };

  const addGroup = () => {
    setGroups((current) => addGroupName(current, group));
    setGroup('');
  };

  const busy = add.isPending || remove.isPending;
  const complete = Object.values(values).every((value) => value.trim() !== '');
  return (
    <Paper
      component="section"
      aria-labelledby="add-user-title"
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 320 }}
    >
      <Typography variant="h6" component="h2" id="add-user-title" gutterBottom>
        Add or remove a user
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {MSG.adminAddedUserRule}
      </Typography>
      <Stack spacing={2}>
        {FIELDS.map(({ key, label, type, autoComplete }) => (
          <TextField
            key={key}
            label={label}
            type={type}
            size="small"
            autoComplete={autoComplete}
            value={values[key]}
            onChange={(e) => setValues((current) => ({ ...current, [key]: e.target.value }))}
          />
        ))}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label="Group"
            size="small"
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') addGroup();
            }}
            sx={{ flex: 1 }}
          />
          <Button onClick={addGroup} disabled={group.trim() === ''}>
            Add Group
          </Button>
        </Stack>
        {groups.length > 0 && (
          <Stack direction="row" spacing={0.5} useFlexGap aria-label="Groups of the new user" sx={{ flexWrap: 'wrap' }}>
            {groups.map((name) => (
              <Chip
                key={name}
                size="small"
                label={name}
                onDelete={() => setGroups((current) => current.filter((g) => g !== name))}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => add.mutate()} disabled={busy || !complete} loading={add.isPending}>
            Add User
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => void onRemove()}
            disabled={busy || values.username.trim() === ''}
            loading={remove.isPending}
          >
            Remove User
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
