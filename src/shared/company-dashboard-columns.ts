// The company dashboard's job pipeline columns, apart from companies.ts's schemas, with no zod: the
// dashboard shows them without loading zod (decision 037). companies.ts re-exports them.

export const dashboardPipelineColumns = ['draft', 'open', 'interviewing'] as const;
export type DashboardPipelineColumn = (typeof dashboardPipelineColumns)[number];
export const dashboardPipelineLabels: Record<DashboardPipelineColumn, string> = {
  draft: 'Draft',
  open: 'Open',
  interviewing: 'Interviewing',
};
