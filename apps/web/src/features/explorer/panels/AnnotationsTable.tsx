/** The run's annotations, one row each: shown as the plots' colouring or not, and what may be done with each. */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import SelectAll from '@mui/icons-material/SelectAll';
import type { Annotation } from '../data/annotations';

export function AnnotationsTable({
  annotations,
  shownIds,
  canExport,
  onToggleShown,
  onSelect,
  onExport,
  onEdit,
  onDelete,
}: {
  annotations: readonly Annotation[];
  /** The annotations the plots are coloured by. */
  shownIds: readonly string[];
  /** False until the run's tixel table (the CSV's coordinates) has loaded. */
  canExport: boolean;
  onToggleShown: (id: string) => void;
  onSelect: (a: Annotation) => void;
  onExport: (a: Annotation) => void;
  onEdit: (a: Annotation) => void;
  onDelete: (a: Annotation) => void;
}) {
  return (
    <Table size="small" aria-label="Annotations">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
            Colour by
          </TableCell>
          <TableCell>Name</TableCell>
          <TableCell align="right">Tixels</TableCell>
          <TableCell>Note</TableCell>
          <TableCell>By</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {annotations.map((a) => (
          <TableRow key={a.id} data-testid="annotation-row" data-name={a.name}>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={shownIds.includes(a.id)}
                onChange={() => onToggleShown(a.id)}
                slotProps={{ input: { 'aria-label': `Colour by ${a.name}` } }}
              />
            </TableCell>
            <TableCell>
              <Box
                component="span"
                sx={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  mr: 1,
                  bgcolor: a.color,
                  borderRadius: 0.5,
                }}
              />
              {a.name}
            </TableCell>
            <TableCell align="right">{a.tixel_count.toLocaleString()}</TableCell>
            <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-wrap' }}>{a.note}</TableCell>
            <TableCell>{a.updated_by ?? a.created_by}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title="Select its tixels">
                <IconButton size="small" aria-label={`Select ${a.name}`} onClick={() => onSelect(a)}>
                  <SelectAll fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Export CSV">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Export ${a.name} as CSV`}
                    disabled={!canExport}
                    onClick={() => onExport(a)}
                  >
                    <Download fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {a.editable && (
                <>
                  <Tooltip title="Edit">
                    <IconButton size="small" aria-label={`Edit ${a.name}`} onClick={() => onEdit(a)}>
                      <Edit fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton size="small" aria-label={`Delete ${a.name}`} onClick={() => onDelete(a)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
