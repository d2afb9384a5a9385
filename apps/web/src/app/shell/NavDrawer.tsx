import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { Logo } from '../../components/Logo';
import { componentHref } from '../views';
import { visibleDrawerGroups } from './navigation';

/** The navigation drawer with the spec's groups (Analysis, Tools, Metadata, Settings), filtered by role. */
export function NavDrawer({
  open,
  onClose,
  groups,
}: {
  open: boolean;
  onClose: () => void;
  groups: readonly string[];
}) {
  const [params] = useSearchParams();
  const current = params.get('component');
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Logo size={28} />
      </Box>
      <Box component="nav" aria-label="Tools and settings">
        {visibleDrawerGroups(groups).map((group) => (
          <List
            key={group.title}
            dense
            aria-labelledby={`drawer-${group.title}`}
            subheader={
              <ListSubheader id={`drawer-${group.title}`} sx={{ lineHeight: '36px', fontWeight: 700 }}>
                {group.title}
              </ListSubheader>
            }
          >
            {group.entries.map((entry) => (
              <ListItemButton
                key={entry.label}
                component={RouterLink}
                to={componentHref(entry.component)}
                selected={current === entry.component}
                onClick={onClose}
                sx={{ pl: 3 }}
              >
                <ListItemText primary={entry.label} />
              </ListItemButton>
            ))}
          </List>
        ))}
      </Box>
    </Drawer>
  );
}
