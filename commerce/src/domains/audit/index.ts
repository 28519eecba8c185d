// The front door of domains/audit: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export {
  COMMAND_LINE,
  readAuditLog,
  recordAudit,
  type Actor,
  type AuditChange,
  type AuditFilter,
} from './auditService';
