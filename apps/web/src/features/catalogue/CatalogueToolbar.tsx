import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Clear from '@mui/icons-material/Clear';
import GridView from '@mui/icons-material/GridView';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Public from '@mui/icons-material/Public';
import Search from '@mui/icons-material/Search';
import ViewList from '@mui/icons-material/ViewList';
import { CATALOGUE_MSG } from '@atlas/contracts';

export type Layout = 'card' | 'list';

/**
 * Search box with a clear control, the public/private toggle and the list/card switch (spec 01 §2). The toggle's
 * tooltip names what a click shows: 'Show Private' while all runs are shown, 'Show Public' while only private
 * ones are; it is disabled for visitors and for members without private runs.
 */
export function CatalogueToolbar({
  search,
  onSearch,
  privateOnly,
  onTogglePrivate,
  toggleEnabled,
  layout,
  onLayout,
}: {
  search: string;
  onSearch: (text: string) => void;
  privateOnly: boolean;
  onTogglePrivate: () => void;
  toggleEnabled: boolean;
  layout: Layout;
  onLayout: (layout: Layout) => void;
}) {
  const toggleLabel = privateOnly ? CATALOGUE_MSG.showPublic : CATALOGUE_MSG.showPrivate;
  return (
    <Paper variant="outlined" sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={CATALOGUE_MSG.searchPlaceholder}
        size="small"
        sx={{
          flex: '1 1 320px',
          '& .MuiOutlinedInput-root': { bgcolor: 'background.default' },
          // A search input draws the browser's own ×: Clear search below is the one clear control.
          '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none', display: 'none' },
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search runs', type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: search ? (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label="Clear search" onClick={() => onSearch('')}>
                  <Clear fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Tooltip title={toggleLabel}>
        {/* A disabled button fires no events: the span keeps the tooltip working. */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <ToggleButton
            value="private"
            size="small"
            selected={privateOnly}
            disabled={!toggleEnabled}
            onChange={onTogglePrivate}
            aria-label={toggleLabel}
            sx={{ px: 1.25, gap: 0.75 }}
          >
            {privateOnly ? <LockOutlined fontSize="small" /> : <Public fontSize="small" />}
            <Box component="span" sx={{ fontSize: 13, fontWeight: 600, display: { xs: 'none', sm: 'inline' } }}>
              {privateOnly ? 'Private runs' : 'All runs'}
            </Box>
          </ToggleButton>
        </Box>
      </Tooltip>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={layout}
        onChange={(_, value: Layout | null) => value && onLayout(value)}
        aria-label="Layout"
      >
        <ToggleButton value="list" aria-label="List view">
          <ViewList fontSize="small" />
        </ToggleButton>
        <ToggleButton value="card" aria-label="Card view">
          <GridView fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Paper>
  );
}
