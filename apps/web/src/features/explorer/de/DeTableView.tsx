/**
 * The DE table, windowed (../dialogs/listWindow): only the rows in view are in the DOM, so 30k features scroll as
 * lightly as 20. Headers are buttons (sort by that column, again to flip; aria-sort says which); a row is picked by
 * click, Enter or Space, and hovering it marks its dot on the volcano.
 */
import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { DE_COLUMN_LABEL, DE_TABLE_MSG, type DeColumns } from '@atlas/contracts';
import { visibleRows } from '../dialogs/listWindow';
import { formatCell, presentColumns, type DeSort, type DeSortKey } from './deTable';

const ROW_HEIGHT = 28;
const VIEWPORT_ROWS = 10;
const NAME_WIDTH = 130;
const CELL_WIDTH = 84;

export function DeTableView({
  columns,
  order,
  sort,
  onSort,
  picked,
  onPick,
  onHover,
}: {
  columns: DeColumns;
  /** The rows to show, in order (searched and sorted). */
  order: readonly number[];
  sort: DeSort;
  onSort: (key: DeSortKey) => void;
  picked: string | null;
  onPick: (row: number) => void;
  onHover: (row: number) => void;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const keys = presentColumns(columns);
  const width = NAME_WIDTH + keys.length * CELL_WIDTH;
  const { start, end } = visibleRows(scrollTop, ROW_HEIGHT * VIEWPORT_ROWS, ROW_HEIGHT, order.length);
  const header = (key: DeSortKey, label: string, w: number) => (
    <Box
      key={key}
      role="columnheader"
      aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
      sx={{ width: w, flexShrink: 0 }}
    >
      <ButtonBase
        onClick={() => onSort(key)}
        aria-label={DE_TABLE_MSG.sortBy(label)}
        data-testid={`de-sort-${key}`}
        sx={{ width: '100%', justifyContent: key === 'name' ? 'flex-start' : 'flex-end', px: 0.5, fontWeight: 600 }}
      >
        {label}
        {sort.key === key ? (sort.descending ? ' ▼' : ' ▲') : ''}
      </ButtonBase>
    </Box>
  );
  const rows = [];
  for (let at = start; at < end; at++) {
    const i = order[at]!;
    const name = columns.names[i]!;
    const pick = () => onPick(i);
    rows.push(
      <Box
        key={i}
        role="row"
        tabIndex={0}
        aria-selected={picked === name}
        aria-rowindex={at + 2}
        data-testid="de-row"
        onClick={pick}
        onMouseEnter={() => onHover(i)}
        onFocus={() => onHover(i)}
        onKeyDown={(e: KeyboardEvent) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), pick())}
        sx={{
          position: 'absolute',
          top: at * ROW_HEIGHT,
          height: ROW_HEIGHT,
          width,
          display: 'flex',
          alignItems: 'center',
          cursor: 'pointer',
          fontSize: 13,
          bgcolor: picked === name ? 'action.selected' : undefined,
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        }}
      >
        <Box role="cell" sx={{ width: NAME_WIDTH, px: 0.5, fontWeight: 500, overflow: 'hidden' }}>
          {name}
        </Box>
        {keys.map((key) => (
          <Box role="cell" key={key} sx={{ width: CELL_WIDTH, px: 0.5, textAlign: 'right' }}>
            {formatCell(key, columns[key]![i])}
          </Box>
        ))}
      </Box>,
    );
  }
  return (
    <Box role="table" aria-label={DE_TABLE_MSG.title} aria-rowcount={order.length + 1} sx={{ overflowX: 'auto' }}>
      <Box role="row" sx={{ display: 'flex', width, borderBottom: 1, borderColor: 'divider' }}>
        {header('name', 'Name', NAME_WIDTH)}
        {keys.map((key) => header(key, DE_COLUMN_LABEL[key], CELL_WIDTH))}
      </Box>
      <Box
        role="rowgroup"
        data-testid="de-rows"
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        sx={{ position: 'relative', height: ROW_HEIGHT * VIEWPORT_ROWS, overflowY: 'auto', width: width + 16 }}
      >
        <Box sx={{ height: order.length * ROW_HEIGHT }}>{rows}</Box>
      </Box>
    </Box>
  );
}
