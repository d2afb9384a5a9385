import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import TableChart from '@mui/icons-material/TableChart';
import { LAB_MSG, type LabKind } from '@atlas/contracts';
import { useConfirm, useSnackbar } from '../../app/feedback';
import { KIND_INFO } from './labKinds';
import { useDeleteRecord, useLabList } from './queries';
import { matchesSearch, showValue, sortByKey, type LabRecord } from './recordLogic';
import { RecordTable } from './RecordTable';
import { SearchBox } from './SearchBox';
import type { DetailsTarget } from './DetailsDialog';

/**
 * The list dialog of spec 02 §2.4: search, 15 rows a page, per-row icons for table (view), edit, copy and delete,
 * an add button and Close. Details open through `onOpen` so the viewer owns the single editor.
 */
export function ListDialog({
  kind,
  onOpen,
  onClose,
}: {
  kind: LabKind;
  onOpen: (target: DetailsTarget) => void;
  onClose: () => void;
}) {
  const info = KIND_INFO[kind];
  const list = useLabList(kind);
  const [search, setSearch] = useState('');
  const remove = useDeleteRecord(kind, info.key);
  const askConfirm = useConfirm();
  const showSnack = useSnackbar();
  const records = sortByKey(
    kind,
    (list.data ?? []).filter((record) => matchesSearch(record, search)),
  );

  const onDelete = async (record: LabRecord) => {
    const id = showValue(record[info.key]);
    const ok = await askConfirm({
      title: `Delete ${info.noun}`,
      message: `Delete ${info.noun} ${id}? This cannot be undone.`,
      confirmText: 'Delete',
    });
    if (!ok) return;
    remove.mutate(record, {
      onSuccess: () => showSnack(LAB_MSG.itemDeleted, { color: 'success' }),
      onError: (error) => showSnack(error.message, { color: 'error', timeoutMs: 5000 }),
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="lab-list-title" fullWidth maxWidth="md">
      <DialogTitle id="lab-list-title">{info.noun} List</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, pt: 1 }}>
          <SearchBox value={search} onChange={setSearch} label={`Search ${info.noun} list`} />
          <Box sx={{ flex: 1 }} />
          <Tooltip title={`Add ${info.noun}`}>
            <Fab
              size="small"
              color="success"
              aria-label={`Add ${info.noun} from list`}
              onClick={() => onOpen({ record: list.data?.[0] ?? {}, mode: 'new' })}
            >
              <Add />
            </Fab>
          </Tooltip>
        </Box>
        {list.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : list.isError ? (
          <Alert severity="error">{list.error.message}</Alert>
        ) : (
          <RecordTable
            records={records}
            columns={info.listColumns.map((field) => [field, field])}
            keyField={info.key}
            label={`${info.noun} list`}
            emptyText={search ? 'No records match the search.' : 'No records yet.'}
            onOpen={(record) => onOpen({ record, mode: 'view' })}
            actions={(record) => {
              const id = showValue(record[info.key]);
              return (
                <>
                  <Tooltip title="Details">
                    <IconButton
                      size="small"
                      aria-label={`Details of ${id}`}
                      onClick={() => onOpen({ record, mode: 'view' })}
                    >
                      <TableChart fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Edit">
                    <IconButton size="small" aria-label={`Edit ${id}`} onClick={() => onOpen({ record, mode: 'edit' })}>
                      <Edit fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Copy">
                    <IconButton
                      size="small"
                      aria-label={`Copy ${id}`}
                      onClick={() => onOpen({ record, mode: 'duplicate' })}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={`Delete ${id}`}
                      onClick={() => void onDelete(record)}
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              );
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
