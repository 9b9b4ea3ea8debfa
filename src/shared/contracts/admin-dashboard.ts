import {
  abuseReportListQuerySchema,
  abuseReportListSchema,
  adminDashboardSchema,
  createAbuseReportResultSchema,
  createAbuseReportSchema,
} from '../admin-dashboard';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

// The admin dashboard and the Report button's abuse reports.
export const adminDashboardContract = defineContract(
  { name: 'adminDashboard', tags: ['admin'] },
  {
    dashboard: {
      method: 'GET',
      path: '/api/admin/dashboard',
      summary: 'The admin dashboard: platform figures with growth, system health, recent admin actions',
      responses: { 200: adminDashboardSchema },
    },
    fileReport: {
      method: 'POST',
      path: '/api/reports',
      summary: 'Report a profile, job or message one can see (one open report per person and target)',
      body: createAbuseReportSchema,
      responses: { 201: createAbuseReportResultSchema },
    },
    reports: {
      method: 'GET',
      path: '/api/admin/reports',
      summary: 'Abuse reports of one status (open by default), newest first',
      query: abuseReportListQuerySchema,
      responses: { 200: abuseReportListSchema },
    },
    resolveReport: {
      method: 'POST',
      path: '/api/admin/reports/:id/resolve',
      summary: 'Resolve an open abuse report',
      params: idParams('report'),
      responses: { 200: createAbuseReportResultSchema },
    },
    dismissReport: {
      method: 'POST',
      path: '/api/admin/reports/:id/dismiss',
      summary: 'Dismiss an open abuse report',
      params: idParams('report'),
      responses: { 200: createAbuseReportResultSchema },
    },
  },
);
