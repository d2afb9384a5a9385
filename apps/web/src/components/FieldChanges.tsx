import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fieldChanges } from './fieldChanges';

/** An audit entry as its changed fields, each `field: before → after` (the history dialogs' change column). */
export function FieldChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No field changes
      </Typography>
    );
  return changes.map((change) => (
    <Box key={change.field} data-testid="history-change" sx={{ fontSize: 14, wordBreak: 'break-word' }}>
      <strong>{change.field}</strong>:{' '}
      <Box component="span" sx={{ color: 'error.main', textDecoration: change.before ? 'line-through' : 'none' }}>
        {change.before || '—'}
      </Box>{' '}
      →{' '}
      <Box component="span" sx={{ color: 'success.dark' }}>
        {change.after || '—'}
      </Box>
    </Box>
  ));
}
