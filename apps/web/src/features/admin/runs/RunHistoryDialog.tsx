import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AuditHistoryDialog } from '../../../components/AuditHistoryDialog';
import { errorText } from '../apiErrors';
import { fieldChanges } from './fieldChanges';
import { useRunHistory } from './runQueries';

/** Every recorded change of a run, its files and its studies, newest first, field by field (before → after). */
export function RunHistoryDialog({ runId, onClose }: { runId: string; onClose: () => void }) {
  return (
    <AuditHistoryDialog
      title={`History of ${runId}`}
      titleId="run-history-title"
      history={useRunHistory(runId)}
      emptyText="No recorded changes for this run."
      changeHeader="Changes"
      renderChange={(entry) => <Changes before={entry.before} after={entry.after} />}
      errorText={errorText}
      onClose={onClose}
    />
  );
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No field changes
      </Typography>
    );
  return changes.map((change) => (
    <Box key={change.field} data-testid="run-history-change" sx={{ fontSize: 14, wordBreak: 'break-word' }}>
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
