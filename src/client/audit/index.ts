export { AdminAuditLogsPage } from './admin-audit-logs-page';
export { CompanyAuditLogSection } from './company-audit-log-section';
