import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ListAlt from '@mui/icons-material/ListAlt';
import MoreVert from '@mui/icons-material/MoreVert';
import Refresh from '@mui/icons-material/Refresh';
import UploadFile from '@mui/icons-material/UploadFile';
import type { LabKind } from '@atlas/contracts';
import { openMetadataUpload } from '../lab-upload/store';
import { DetailsDialog, type DetailsTarget } from './DetailsDialog';
import { KIND_INFO } from './labKinds';
import { ListDialog } from './ListDialog';
import { useLabList } from './queries';
import { matchesSearch, sortByKey } from './recordLogic';
import { RecordTable } from './RecordTable';
import { SearchBox } from './SearchBox';

/**
 * The Wafer, Chip and DBiT information viewers (spec 02 §2.4): a searchable table, 15 rows a page, a green add
 * button, Refresh, and a submenu with the upload-CSV action and the list dialog. Rows open the detail editor.
 */
function InformationViewer({ kind }: { kind: LabKind }) {
  const info = KIND_INFO[kind];
  const list = useLabList(kind);
  const [search, setSearch] = useState('');
  const [details, setDetails] = useState<(DetailsTarget & { seq: number }) | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const records = sortByKey(
    kind,
    (list.data ?? []).filter((record) => matchesSearch(record, search)),
  );
  const open = (target: DetailsTarget) => setDetails({ ...target, seq: (details?.seq ?? 0) + 1 });

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 1100, width: '100%', mx: 'auto' }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1.5 }}>
          {info.noun} Information
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
          <SearchBox value={search} onChange={setSearch} label={`Search ${info.noun.toLowerCase()}s`} />
          <Box sx={{ flex: 1 }} />
          <Tooltip title={`Add ${info.noun}`}>
            <Fab
              size="small"
              color="success"
              aria-label={`Add ${info.noun}`}
              onClick={() => open({ record: list.data?.[0] ?? {}, mode: 'new' })}
            >
              <Add />
            </Fab>
          </Tooltip>
          <Button startIcon={<Refresh />} onClick={() => void list.refetch()} disabled={list.isFetching}>
            Refresh
          </Button>
          <Tooltip title="More actions">
            <IconButton
              aria-label={`${info.noun} actions`}
              aria-haspopup="menu"
              onClick={(event) => setMenu(event.currentTarget)}
            >
              <MoreVert />
            </IconButton>
          </Tooltip>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                openMetadataUpload(kind);
              }}
            >
              <ListItemIcon>
                <UploadFile fontSize="small" />
              </ListItemIcon>
              <ListItemText>{info.uploadLabel}</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMenu(null);
                setListOpen(true);
              }}
            >
              <ListItemIcon>
                <ListAlt fontSize="small" />
              </ListItemIcon>
              <ListItemText>{info.noun} List</ListItemText>
            </MenuItem>
          </Menu>
        </Box>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : list.isError ? (
          <Alert severity="error">{list.error.message}</Alert>
        ) : (
          <RecordTable
            records={records}
            columns={info.viewerColumns}
            keyField={info.key}
            label={`${info.noun} records`}
            emptyText={search ? 'No records match the search.' : 'No records yet.'}
            onOpen={(record) => open({ record, mode: 'view' })}
          />
        )}
      </Paper>
      {listOpen && <ListDialog kind={kind} onOpen={open} onClose={() => setListOpen(false)} />}
      {details && <DetailsDialog key={details.seq} kind={kind} target={details} onClose={() => setDetails(null)} />}
    </Box>
  );
}

export const WaferInformationViewer = () => <InformationViewer kind="wafers" />;
export const ChipInformationViewer = () => <InformationViewer kind="chips" />;
export const DbitInformationViewer = () => <InformationViewer kind="dbits" />;
