import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AddBox from '@mui/icons-material/AddBox';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Key from '@mui/icons-material/Key';
import Logout from '@mui/icons-material/Logout';
import { hasGroupAccess } from '@atlas/contracts';
import { useAppInfo } from '../../api/app';
import type { SessionUser } from '../session';

export interface UserMenuProps {
  user: SessionUser;
  onAddRun: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

/** The signed-in username menu (spec 01 §2), with the server environment in brackets unless it is production. */
export function UserMenu({ user, onAddRun, onChangePassword, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: app } = useAppInfo();
  const environment = app && app.environment !== 'production' ? ` (${app.environment})` : '';
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircle />}
        endIcon={<ExpandMore />}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {user.username}
        {environment}
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Account', dense: true, sx: { minWidth: 200 } } }}
      >
        {hasGroupAccess(user.groups, 'admin') && (
          <MenuItem onClick={choose(onAddRun)}>
            <ListItemIcon>
              <AddBox fontSize="small" />
            </ListItemIcon>
            <ListItemText>Add a Run</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={choose(onChangePassword)}>
          <ListItemIcon>
            <Key fontSize="small" />
          </ListItemIcon>
          <ListItemText>Change Password</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={choose(onLogout)}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
