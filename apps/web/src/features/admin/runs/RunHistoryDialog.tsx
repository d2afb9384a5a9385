import { AuditHistoryDialog } from '../../../components/AuditHistoryDialog';
import { FieldChanges } from '../../../components/FieldChanges';
import { errorText } from '../apiErrors';
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
      renderChange={(entry) => <FieldChanges before={entry.before} after={entry.after} />}
      errorText={errorText}
      onClose={onClose}
    />
  );
}
