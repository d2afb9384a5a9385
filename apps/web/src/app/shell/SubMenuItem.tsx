import { useState, type KeyboardEvent } from 'react';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { MenuItemDef } from './navigation';

/**
 * A menu entry that opens a nested menu to its right (File → Upload Metadata, Admin → User).
 * Click, Enter or ArrowRight opens it; ArrowLeft or Escape goes back to the parent menu.
 */
export function SubMenuItem({ item, onPick }: { item: MenuItemDef; onPick: (item: MenuItemDef) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const openOnArrow = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    setAnchor(event.currentTarget);
  };
  const closeOnArrow = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowLeft') return;
    event.stopPropagation();
    setAnchor(null);
  };
  return (
    <>
      <MenuItem
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        disabled={item.disabled}
        selected={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        onKeyDown={openOnArrow}
      >
        <ListItemText>{item.label}</ListItemText>
        <ChevronRight fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} />
      </MenuItem>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ list: { 'aria-label': item.label, onKeyDown: closeOnArrow } }}
      >
        {item.children?.map((child) => (
          <MenuItem
            key={child.label}
            disabled={child.disabled}
            onClick={() => {
              setAnchor(null);
              onPick(child);
            }}
          >
            {child.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
