import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { SubMenuItem } from './SubMenuItem';
import type { MenuDef, MenuItemDef } from './navigation';

/** The app bar's menus (File, Edit, View, Tools, About, Admin), already filtered for the user's role. */
export function MenuBar({ menus, onPick }: { menus: MenuDef[]; onPick: (item: MenuItemDef) => void }) {
  return (
    <Box component="nav" aria-label="Main menu" sx={{ display: 'flex', gap: 0.25, minWidth: 0, overflowX: 'auto' }}>
      {menus.map((menu) => (
        <AppMenu key={menu.label} menu={menu} onPick={onPick} />
      ))}
    </Box>
  );
}

function AppMenu({ menu, onPick }: { menu: MenuDef; onPick: (item: MenuItemDef) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `menu-${menu.label.toLowerCase()}`;
  const pick = (item: MenuItemDef) => {
    setAnchor(null);
    onPick(item);
  };
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ fontWeight: 500, px: 1.25, minWidth: 0 }}
      >
        {menu.label}
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': menu.label, dense: true, sx: { minWidth: 220 } } }}
      >
        {menu.items.map((item) =>
          item.children ? (
            <SubMenuItem key={item.label} item={item} onPick={pick} />
          ) : (
            <MenuItem key={item.label} disabled={item.disabled} onClick={() => pick(item)}>
              <ListItemText>{item.label}</ListItemText>
              {item.hotkey && (
                <Typography variant="body2" color="text.secondary" sx={{ ml: 3 }}>
                  {item.hotkey}
                </Typography>
              )}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
