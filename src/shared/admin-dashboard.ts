import { z } from 'zod';
import { type AbuseReportTarget, abuseReportStatuses, abuseReportTargets } from './admin';
import { type Currency, minorUnitsOf } from './currencies';
import { currencySchema, reportingRateSchema } from './fx-rates';
import { currencySymbolOf } from './money-format';

// The admin dashboard (docs/spec/admin-billing-and-content.md §2 item 1, §3 "Admin stats") and the Report button
// whose reports it counts. Every figure is computed from the records; growth compares with the period before.

// A figure and the same figure one period earlier, with the label the card shows ("+12% from last month").
const dashboardFigureSchema = z.object({
  value: z.number(),
  previous: z.number(),
  growth_label: z.string(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

const healthCheckNames = ['database', 'redis', 'queue', 'error_rate', 'disk'] as const;
export type HealthCheckName = (typeof healthCheckNames)[number];

// 'not_configured' (Redis without REDIS_URL) is no failure: it is left out of the percentage.
const healthCheckStatuses = ['pass', 'fail', 'not_configured'] as const;

const healthCheckSchema = z.object({
  name: z.enum(healthCheckNames),
  label: z.string(),
  status: z.enum(healthCheckStatuses),
  detail: z.string(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

const systemHealthSchema = z.object({
  // Share of the configured checks that pass, 0–100.
  percent: z.number().int(),
  checks: z.array(healthCheckSchema),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

const recentAdminActionSchema = z.object({
  id: z.string(),
  action: z.string(),
  action_label: z.string(),
  actor_name: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  // The company the action was about, when it was about one.
  company_name: z.string().nullable(),
  created_at: z.string(),
});
export type RecentAdminAction = z.infer<typeof recentAdminActionSchema>;

// GET /api/admin/dashboard. Months are calendar months in UTC; money is integer cents.
export const adminDashboardSchema = z.object({
  // Applicant accounts that are active; previous: those that existed at the start of this month.
  total_workers: dashboardFigureSchema,
  // Companies not deleted; previous: those that existed at the start of this month.
  total_companies: dashboardFigureSchema,
  // Invoiced this month, before tax (work plus the platform fee); previous: last month. A currency at a time,
  // and added up in the reporting currency.
  monthly_revenue: z.object({
    reporting_currency: currencySchema,
    // The currencies' revenue in the reporting currency, each month's at the latest rates recorded on or before
    // its last day; null when a currency with revenue has no such rate (the label then says which).
    total: dashboardFigureSchema.extend({ value: z.number().int().nullable(), previous: z.number().int().nullable() }),
    // Each currency invoiced this month or last, by code, in its own minor units; `converted` is this month's in
    // the reporting currency at `rate` (no rate for the reporting currency itself; null where none is recorded).
    currencies: z.array(
      dashboardFigureSchema.extend({
        currency: currencySchema,
        converted: z.number().int().nullable(),
        rate: reportingRateSchema.nullable(),
      }),
    ),
  }),
  // (invoiced − talent pay) / invoiced this month, in percent with one decimal; null when nothing was
  // invoiced. The label compares in points with last month.
  gross_margin_percent: dashboardFigureSchema.extend({ value: z.number().nullable(), previous: z.number().nullable() }),
  // Applicant and company accounts created in the last 7 days; previous: the 7 days before.
  new_signups_7d: dashboardFigureSchema,
  // Reports still open; previous: those that were open a week ago.
  open_abuse_reports: dashboardFigureSchema,
  // Contact-form messages not handled yet; previous: those that were waiting a week ago.
  new_contact_messages: dashboardFigureSchema,
  system_health: systemHealthSchema,
  recent_actions: z.array(recentAdminActionSchema),
  generated_at: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// Growth against the period before, as the cards word it: '+12% from last month', '-3% from last week',
// 'No change from last month', and '+4 from last week' when there was nothing to compare with.
export function growthLabel(current: number, previous: number, period: 'last month' | 'last week'): string {
  if (current === previous) return `No change from ${period}`;
  if (previous === 0) return `+${formatCount(current)} from ${period}`;
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.abs(percent) < 10 ? Math.round(percent * 10) / 10 : Math.round(percent);
  return `${rounded > 0 ? '+' : ''}${rounded}% from ${period}`;
}

// Margins compare in percentage points.
export function marginGrowthLabel(current: number | null, previous: number | null): string {
  if (current === null) return 'Nothing invoiced this month';
  if (previous === null) return 'Nothing invoiced last month';
  const points = Math.round((current - previous) * 10) / 10;
  if (points === 0) return 'No change from last month';
  return `${points > 0 ? '+' : ''}${points} pts from last month`;
}

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => countFormat.format(value);

// docs/spec/admin-billing-and-content.md §9: revenue in thousands — '$12.4K'; below a thousand dollars, the dollars.
// Another currency the same way with its own symbol ('€12.4K', '¥840'), its minor units counted by its decimals.
export function formatThousands(minor: number, currency: Currency = 'USD'): string {
  const units = minor / 10 ** minorUnitsOf(currency);
  if (Math.abs(units) < 1000) return `${currencySymbolOf(currency)}${Math.round(units)}`;
  return `${currencySymbolOf(currency)}${(Math.round(units / 100) / 10).toFixed(1)}K`;
}

// ---- Abuse reports: the Report button on profiles, jobs and messages, and the admin's list ----

export const REPORT_REASON_MAX = 1000;

// POST /api/reports
export const createAbuseReportSchema = z.object({
  targetType: z.enum(abuseReportTargets, {
    message: 'Choose what you are reporting: a profile, a job, a message or a review.',
  }),
  targetId: z.uuid({ message: 'This link is broken: it does not name what you are reporting.' }),
  reason: z
    .string({ message: 'Please tell us what is wrong.' })
    .trim()
    .min(5, { message: 'Please tell us what is wrong in a few words (at least 5 characters).' })
    .max(REPORT_REASON_MAX, { message: `Please keep the reason under ${REPORT_REASON_MAX} characters.` }),
});
export type CreateAbuseReportInput = z.infer<typeof createAbuseReportSchema>;

const abuseReportSchema = z.object({
  id: z.string(),
  target_type: z.enum(abuseReportTargets),
  target_id: z.string(),
  // What the target is called now: the applicant's name, the job's title, the message's first words.
  target_label: z.string(),
  reason: z.string(),
  status: z.enum(abuseReportStatuses),
  reporter_name: z.string(),
  reporter_email: z.string(),
  resolved_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type AbuseReport = z.infer<typeof abuseReportSchema>;

export const createAbuseReportResultSchema = z.object({ report: abuseReportSchema });

// GET /api/admin/reports?status=open&page=&page_size=
export const abuseReportListQuerySchema = z.object({
  status: z.enum(abuseReportStatuses, { message: 'Choose a status from the list.' }).default('open'),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(10),
});
export type AbuseReportListQuery = z.infer<typeof abuseReportListQuerySchema>;

export const abuseReportListSchema = z.object({
  items: z.array(abuseReportSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AbuseReportList = z.infer<typeof abuseReportListSchema>;

export const abuseReportDecisions = ['resolve', 'dismiss'] as const;
export type AbuseReportDecision = (typeof abuseReportDecisions)[number];

export const abuseReportTargetLabels: Record<AbuseReportTarget, string> = {
  applicant_profile: 'Profile',
  job: 'Job',
  message: 'Message',
  review: 'Review',
};

export const abuseReportTexts = {
  notFound: 'We could not find what you are reporting, or you cannot see it.',
  ownContent: 'You cannot report your own profile, job, message or review.',
  duplicate: 'You have already reported this; an administrator is looking into it.',
  reportNotFound: 'This report does not exist.',
  alreadySettled: 'This report has already been handled.',
  sentTitle: 'Report Sent',
  sent: 'Thank you. An administrator will review your report.',
  resolved: 'Report Resolved',
  dismissed: 'Report Dismissed',
  reviewHidden: 'Review Hidden',
} as const;

// docs/spec/admin-billing-and-content.md §8: the admin dashboard's error texts, word for word.
export const adminDashboardTexts = {
  loadFailed: 'Failed to load admin data. Please try again.',
  toastTitle: 'Error loading dashboard',
  toastDescription: 'Failed to load admin dashboard data.',
} as const;
