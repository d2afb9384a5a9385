/**
 * A multi-select list of names that renders only the rows in view (fixed row height, ./listWindow), so it scrolls
 * smoothly through a run's 60,000 feature names without a virtualisation dependency. It is a listbox whose
 * active row is tracked by the owner (aria-activedescendant), so the filter box above it can steer it too.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import { scrollTopToShow, visibleRows } from './listWindow';

const NAME_ROW_HEIGHT = 36;
/** Ten rows in view: also the step of Page Up / Page Down. */
export const NAME_LIST_ROWS = 10;
const VIEWPORT_HEIGHT = NAME_ROW_HEIGHT * NAME_LIST_ROWS;

/** The DOM id of a row, for aria-activedescendant. */
export const nameRowId = (listId: string, index: number) => `${listId}-row-${index}`;

export function WindowedNameList({
  id,
  label,
  names,
  chosen,
  active,
  onActivate,
  onToggle,
  onKeyDown,
}: {
  id: string;
  label: string;
  names: readonly string[];
  chosen: ReadonlySet<string>;
  /** Index of the active (keyboard) row; -1 = none. */
  active: number;
  onActivate: (index: number) => void;
  onToggle: (name: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const { start, end } = visibleRows(scrollTop, VIEWPORT_HEIGHT, NAME_ROW_HEIGHT, names.length);

  // The active row must be rendered for aria-activedescendant to point at it, so the box follows the keyboard.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || active < 0) return;
    const next = scrollTopToShow(active, box.scrollTop, VIEWPORT_HEIGHT, NAME_ROW_HEIGHT);
    if (next !== box.scrollTop) {
      box.scrollTop = next;
      setScrollTop(next);
    }
  }, [active]);

  const rows = [];
  for (let index = start; index < end; index++) {
    const name = names[index]!;
    const selected = chosen.has(name);
    const Icon = selected ? CheckBox : CheckBoxOutlineBlank;
    rows.push(
      <Box
        key={name}
        id={nameRowId(id, index)}
        role="option"
        aria-selected={selected}
        aria-posinset={index + 1}
        aria-setsize={names.length}
        onClick={() => {
          onActivate(index);
          onToggle(name);
        }}
        sx={{
          position: 'absolute',
          top: index * NAME_ROW_HEIGHT,
          left: 0,
          right: 0,
          height: NAME_ROW_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1,
          cursor: 'pointer',
          userSelect: 'none',
          bgcolor: index === active ? 'action.focus' : undefined,
          '&:hover': { bgcolor: index === active ? 'action.focus' : 'action.hover' },
        }}
      >
        <Icon fontSize="small" color={selected ? 'primary' : 'action'} aria-hidden />
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Box>,
    );
  }

  return (
    <Box
      ref={boxRef}
      id={id}
      role="listbox"
      aria-label={label}
      aria-multiselectable
      aria-activedescendant={active >= 0 && active < names.length ? nameRowId(id, active) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{
        height: VIEWPORT_HEIGHT,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Box sx={{ position: 'relative', height: names.length * NAME_ROW_HEIGHT }}>{rows}</Box>
    </Box>
  );
}
