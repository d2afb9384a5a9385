import type { LabKind } from '@atlas/contracts';
import { AuditHistoryDialog } from '../../components/AuditHistoryDialog';
import { FieldChanges } from '../../components/FieldChanges';
import { KIND_INFO } from './labKinds';
import { useLabHistory } from './queries';

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
