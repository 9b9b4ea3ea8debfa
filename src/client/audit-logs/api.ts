import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import type { AuditLogFilter, AuditLogListQuery, AuditLogPage } from '~/shared/audit-logs';

// Audit Logs: every row (/api/admin/audit-logs) or the company's own (/api/company/audit-logs).
export type AuditLogSource = 'admin' | 'company';

const listUrl: Record<AuditLogSource, string> = {
  admin: '/api/admin/audit-logs',
  company: '/api/company/audit-logs',
};

export const auditLogQueryOptions = (source: AuditLogSource, query: AuditLogListQuery) =>
  queryOptions({
    queryKey: ['audit-logs', source, query] as const,
    queryFn: () => apiClient.get<AuditLogPage>(`${listUrl[source]}${queryString(query)}`),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

// The CSV of the rows the filters show (newest first, at most 100,000).
export const auditLogExportUrl = (filter: Partial<AuditLogFilter>) =>
  `/api/admin/audit-logs/export.csv${queryString({ q: filter.q, type: filter.type, range: filter.range })}`;
