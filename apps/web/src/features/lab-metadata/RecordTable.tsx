import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LIST_DIALOG_PAGE_SIZE } from '@atlas/contracts';
import { readField, showValue, type LabRecord } from './recordLogic';

interface Props {
  records: LabRecord[];
  /** [field, header] pairs. */
  columns: Array<[string, string]>;
  keyField: string;
  label: string;
  onOpen: (record: LabRecord) => void;
  /** Per-row buttons (the list dialog's table, edit, copy and delete icons). */
  actions?: (record: LabRecord) => ReactNode;
  emptyText: string;
}

/** A record table, 15 rows a page (spec 02 §2.4, §9); clicking a row opens its details. */
export function RecordTable({ records, columns, keyField, label, onOpen, actions, emptyText }: Props) {
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(records.length / LIST_DIALOG_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = records.slice(shownPage * LIST_DIALOG_PAGE_SIZE, (shownPage + 1) * LIST_DIALOG_PAGE_SIZE);
  const span = columns.length + (actions ? 1 : 0);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map(([field, header]) => (
                <TableCell key={field} sx={{ fontWeight: 600 }}>
                  {header}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  Actions
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={span}>
                  <Typography color="text.secondary">{emptyText}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((record, index) => (
                <TableRow
                  key={showValue(record._id) || `${showValue(record[keyField])}-${index}`}
                  hover
                  onClick={() => onOpen(record)}
                  sx={{ cursor: 'pointer' }}
                >
                  {columns.map(([field]) => (
                    <TableCell key={field}>{showValue(readField(record, field))}</TableCell>
                  ))}
                  {actions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
                      {actions(record)}
                    </TableCell>
                  )}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={records.length}
        page={shownPage}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={LIST_DIALOG_PAGE_SIZE}
        rowsPerPageOptions={[LIST_DIALOG_PAGE_SIZE]}
      />
    </>
  );
}
