/** The audit log (DESIGN §4): every domain records its changes here, in the transaction that makes them. */
export {
  auditRowsSql,
  listAudit,
  recordAudit,
  groupTarget,
  userTarget,
  type AuditEntry,
  type AuditRow,
} from './audit.js';
