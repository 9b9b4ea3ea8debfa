import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import type { AuditLogFilter, AuditLogListQuery } from '~/shared/audit-logs';
import { adminAuditLogsContract, companyAuditLogsContract } from '~/shared/contracts/audit';

// Audit Logs: every row (the administrator's) or the company's own.
export type AuditLogSource = 'admin' | 'company';

export const auditLogQueryOptions = (source: AuditLogSource, query: AuditLogListQuery) =>
  queryOptions({
    queryKey: ['audit-logs', source, query] as const,
    queryFn: () =>
      source === 'admin'
        ? callApi(adminAuditLogsContract.list, { query })
        : callApi(companyAuditLogsContract.list, { query }),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

// The CSV of the rows the filters show (newest first, at most 100,000).
export const downloadAuditLog = (filter: Partial<AuditLogFilter>) =>
  downloadApi(adminAuditLogsContract.exportCsv, 'audit-log.csv', {
    query: { q: filter.q, type: filter.type, range: filter.range },
  });
