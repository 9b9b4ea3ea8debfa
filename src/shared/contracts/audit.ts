import { auditLogExportQuerySchema, auditLogListQuerySchema, auditLogPageSchema } from '../audit-logs';
import { defineContract, fileOf } from '../contract';

// Audit Logs: administrators read every row; a company reads the rows its own people
// wrote. Two contracts, so each keeps its own tags in the OpenAPI document.
export const adminAuditLogsContract = defineContract(
  { name: 'adminAuditLogs', tags: ['admin', 'audit'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/audit-logs',
      summary: 'The audit log, newest first, a keyset page at a time; filter by action type, date range, search',
      query: auditLogListQuerySchema,
      responses: { 200: auditLogPageSchema },
    },
    exportCsv: {
      method: 'GET',
      path: '/api/admin/audit-logs/export.csv',
      summary: 'Download the filtered audit log as CSV (newest first, at most 100,000 rows), streamed',
      query: auditLogExportQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
  },
);

export const companyAuditLogsContract = defineContract(
  { name: 'companyAuditLogs', tags: ['company', 'audit'] },
  {
    list: {
      method: 'GET',
      path: '/api/company/audit-logs',
      summary: "The rows written by the caller's company's members, newest first, a keyset page at a time",
      query: auditLogListQuerySchema,
      responses: { 200: auditLogPageSchema },
    },
  },
);
