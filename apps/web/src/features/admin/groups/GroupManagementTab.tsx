import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authCalls, MSG } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useConfirm, useSnackbar } from '../../../app/feedback';
import { errorText, isDone } from '../apiErrors';
import { useGroups, useInvalidateAccounts } from '../queries';
import { canCreateGroup, canDeleteGroup, isBuiltInGroup } from './groupRules';

/** Group Managment: create and delete groups; the list beside the form fills the name when clicked. */
export function GroupManagementTab() {
  const groups = useGroups();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const showSnack = useSnackbar();
  const askConfirm = useConfirm();
  const invalidate = useInvalidateAccounts();
  const known = groups.data ?? [];

  const create = useMutation({
    mutationFn: () =>
      callApi(authCalls.createGroup, { body: { group_name: name.trim(), description: description.trim() } }),
    onSuccess: () => {
      showSnack(MSG.groupCreated, { color: 'success' });
      setDescription('');
    },
    onError: () => showSnack(MSG.groupCreateFailed, { color: 'error' }),
    onSettled: invalidate,
  });

  const remove = useMutation({
    mutationFn: () => callApi(authCalls.deleteGroup, { body: { group_name: name.trim() } }),
    onSuccess: (response) => {
      if (!isDone(response)) return showSnack(MSG.groupDeleteFailed, { color: 'error' });
      showSnack(MSG.groupDeleted, { color: 'success' });
      setName('');
      setDescription('');
    },
    onError: () => showSnack(MSG.groupDeleteFailed, { color: 'error' }),
    onSettled: invalidate,
  });

  const onDelete = async () => {
    const group = name.trim();
    const ok = await askConfirm({
      title: 'Delete Group',
      message: `Delete the group '${group}'? Its members lose it.`,
      confirmText: 'Delete',
    });
    if (ok) remove.mutate();
  };

  const busy = create.isPending || remove.isPending;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Paper component="section" aria-labelledby="group-form-title" variant="outlined" sx={{ p: 2, width: 420 }}>
        <Typography variant="h6" component="h2" id="group-form-title" gutterBottom>
          Create or delete a group
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Group Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            helperText={isBuiltInGroup(name) ? MSG.builtInGroup(name.trim()) : undefined}
          />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              onClick={() => create.mutate()}
              disabled={busy || !canCreateGroup(known, name, description)}
              loading={create.isPending}
            >
              Create Group
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => void onDelete()}
              disabled={busy || !canDeleteGroup(known, name)}
              loading={remove.isPending}
            >
              Delete Group
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper
        component="section"
        aria-labelledby="group-list-title"
        variant="outlined"
        sx={{ p: 2, minWidth: 320, flex: 1 }}
      >
        <Typography variant="h6" component="h2" id="group-list-title">
          Existing groups
        </Typography>
        {groups.isPending ? (
          <CircularProgress aria-label="Loading groups" sx={{ m: 2 }} />
        ) : groups.isError ? (
          <Alert severity="error">{errorText(groups.error)}</Alert>
        ) : known.length === 0 ? (
          <Typography color="text.secondary">No groups yet.</Typography>
        ) : (
          <List dense aria-labelledby="group-list-title">
            {known.map((group) => (
              <ListItemButton
                key={group.group_name}
                selected={group.group_name === name.trim()}
                onClick={() => setName(group.group_name)}
              >
                <ListItemText primary={group.group_name} secondary={group.description} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
