import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { MSG, type TManagedUser } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { hasGroupChanges } from './groupLists';
import { useUserActions } from './useUserActions';

interface EditUserDialogProps {
  /** The user as the list shows it now: confirming updates the dialog in place. */
  user: TManagedUser;
  /** Every group an admin can assign. */
  groupNames: readonly string[];
  onClose: () => void;
}

const READ_ONLY_FIELDS = [
  ['Username', 'username'],
  ['Full Name', 'name'],
  ['PI Name', 'piname'],
  ['Email', 'email'],
  ['Organization', 'organization'],
] as const satisfies readonly (readonly [string, keyof TManagedUser])[];

/** 'Edit User Information' (spec 01 §2): confirm the user or their email, and change their groups. */
export function EditUserDialog({ user, groupNames, onClose }: EditUserDialogProps) {
  const [groups, setGroups] = useState<string[]>(user.groups);
  const [emailUser, setEmailUser] = useState(true);
  const showSnack = useSnackbar();
  const { confirm, confirmEmail, saveGroups } = useUserActions(user);
  // A group the user still has may have been deleted meanwhile; keep it selectable so it can be removed.
  const options = [...new Set([...groupNames, ...user.groups])];

  const onConfirmEmail = () => {
    if (user.status === 'UNCONFIRMED') return showSnack(MSG.emailOfUnconfirmed, { color: 'warning' });
    confirmEmail.mutate();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-user-title" fullWidth maxWidth="sm">
      <DialogTitle id="edit-user-title">Edit User Information</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {READ_ONLY_FIELDS.map(([label, key]) => (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <TextField
                label={label}
                value={user[key] || '—'}
                variant="standard"
                fullWidth
                slotProps={{ input: { readOnly: true, disableUnderline: true } }}
              />
            </Grid>
          ))}
        </Grid>
        <Stack spacing={1} sx={{ mt: 2 }}>
          <StatusLine label="User Status">
            {user.status === 'UNCONFIRMED' ? (
              <>
                <Chip size="small" label="UNCONFIRMED" color="warning" variant="outlined" />
                <Tooltip title="Confirm user">
                  <IconButton
                    aria-label="Confirm user"
                    color="success"
                    onClick={() => confirm.mutate()}
                    loading={confirm.isPending}
                  >
                    <CheckIcon />
                  </IconButton>
                </Tooltip>
              </>
            ) : (
              <Typography>Confirmed</Typography>
            )}
          </StatusLine>
          <StatusLine label="Email">
            {user.email_verified ? (
              <Typography>Verified</Typography>
            ) : (
              <Button size="small" variant="outlined" onClick={onConfirmEmail} loading={confirmEmail.isPending}>
                Confirm Email
              </Button>
            )}
          </StatusLine>
        </Stack>
        <FormControl fullWidth sx={{ mt: 2 }}>
          <InputLabel id="edit-user-groups-label">Groups</InputLabel>
          <Select
            labelId="edit-user-groups-label"
            multiple
            value={groups}
            onChange={(event) => setGroups(event.target.value as string[])}
            input={<OutlinedInput label="Groups" />}
            renderValue={(selected) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {selected.map((group) => (
                  <Chip key={group} size="small" label={group} />
                ))}
              </Box>
            )}
          >
            {options.map((group) => (
              <MenuItem key={group} value={group}>
                {group}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={emailUser} onChange={(event) => setEmailUser(event.target.checked)} />}
          label="Email User"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!hasGroupChanges(user.groups, groups)}
          loading={saveGroups.isPending}
          onClick={() => saveGroups.mutate({ groups, emailUser }, { onSuccess: onClose })}
        >
          Submit Changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StatusLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
      <Typography color="text.secondary" sx={{ width: 110 }}>
        {label}
      </Typography>
      {children}
    </Stack>
  );
}
