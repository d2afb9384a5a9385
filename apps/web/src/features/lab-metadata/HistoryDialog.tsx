import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LabKind } from '@atlas/contracts';
import { AuditHistoryDialog } from '../../components/AuditHistoryDialog';
import { KIND_INFO } from './labKinds';
import { useLabHistory } from './queries';
import { fieldChanges } from './recordLogic';

/** The audit entries of one record, newest first, each with its field-by-field before → after differences. */
export function HistoryDialog({ kind, recordKey, onClose }: { kind: LabKind; recordKey: string; onClose: () => void }) {
  return (
    <AuditHistoryDialog
      title={`History of ${KIND_INFO[kind].noun} ${recordKey}`}
      titleId="lab-history-title"
      history={useLabHistory(kind, recordKey)}
      emptyText="No recorded changes for this record."
      changeHeader="Changes"
      renderChange={(entry) => <FieldChanges before={entry.before} after={entry.after} />}
      onClose={onClose}
    />
  );
}

function FieldChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No field changes
      </Typography>
    );
  }
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
