import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import TableRows from '@mui/icons-material/TableRows';
import { MSG } from '@atlas/contracts';
import { RUNS_LIST_PATH } from '../../app/views';

interface CatalogueHeaderProps {
  member: boolean;
  /** The group the page is filtered to (`/visualization/:group`), shown as a chip that goes back to all. */
  group: string | undefined;
  groupColor: string;
}

/** The catalogue's title and lead, the group chip, and the way to the runs table. */
export function CatalogueHeader({ member, group, groupColor }: CatalogueHeaderProps) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {MSG.catalogueTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {member
            ? 'Published runs and the runs of your groups. Open a run to explore it, or download its files.'
            : 'Spatial-omics runs published by the lab. Open any run to explore it in your browser.'}
        </Typography>
      </Box>
      {group && (
        <Chip
          label={`Group: ${group}`}
          onDelete={() => navigate('/visualization')}
          sx={{
            bgcolor: groupColor,
            color: '#fff',
            '& .MuiChip-deleteIcon': { color: 'rgba(255,255,255,.8)' },
          }}
        />
      )}
      <Button component={RouterLink} to={RUNS_LIST_PATH} startIcon={<TableRows />} size="small">
        Runs table
      </Button>
    </Box>
  );
}
