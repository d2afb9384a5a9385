import { AuditHistoryDialog } from '../../../components/AuditHistoryDialog';
import { errorText } from '../apiErrors';
import { useUserAudit } from '../queries';
import { describeChange } from './describeChange';

/** Who changed this account and how, newest first, from the audit log. */
export function UserHistoryDialog({ username, onClose }: { username: string; onClose: () => void }) {
  return (
    <AuditHistoryDialog
      title={`History of ${username}`}
      titleId="user-history-title"
      history={useUserAudit(username)}
      emptyText="No recorded changes for this user."
      changeHeader="Change"
      renderChange={(entry) => describeChange(entry.before, entry.after)}
      errorText={errorText}
      onClose={onClose}
    />
  );
}
