import { z } from 'zod';
import { companyMemberSummarySchema } from './company-members';
import { currencySchema } from './fx-rates';

// Company Management (docs/spec/admin-billing-and-content.md §2 item 2, §3 "Company (admin list)", §8): every
// company not deleted, searched on the server, its account manager assigned from the row, and bulk
// Suspend, Activate and Delete.

export const companyStatuses = ['active', 'suspended'] as const;
export type CompanyStatus = (typeof companyStatuses)[number];

export const companyStatusLabels: Record<CompanyStatus, string> = { active: 'Active', suspended: 'Suspended' };

// The search and paging of the admin lists (Company and Applicant Management).
export const adminListPageQuery = {
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
};
export const adminListSearchQuery = z
  .string()
  .trim()
  .max(200, { message: 'Search for at most 200 characters.' })
  .optional();

// GET /api/admin/companies?q=&status=&page=&page_size= (q: name or contact email, any case).
export const adminCompanyListQuerySchema = z.object({
  q: adminListSearchQuery,
  status: z.enum(companyStatuses, { message: 'Choose a status from the list.' }).optional(),
  ...adminListPageQuery,
});
export type AdminCompanyListQuery = z.infer<typeof adminCompanyListQuerySchema>;

const adminCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string(),
  status: z.enum(companyStatuses),
  account_manager_id: z.string().nullable(),
  account_manager_name: z.string().nullable(),
  // People placed with the company now (active assignments).
  workers: z.number().int(),
  // Published jobs taking applications.
  active_jobs: z.number().int(),
  // Invoiced this calendar month (UTC), in minor units of its billing currency.
  monthly_revenue_cents: z.number().int(),
  currency: currencySchema,
  created_at: z.string(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

// A page of a list, as every list answers (docs/design.md §6).
export const adminListPageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });

export const adminCompanyListSchema = adminListPageOf(adminCompanySchema);
export type AdminCompanyList = z.infer<typeof adminCompanyListSchema>;

// GET /api/admin/companies/{id}: the details drawer.
export const ADMIN_COMPANY_TEAM_SHOWN = 50;
export const adminCompanyDetailSchema = adminCompanySchema.extend({
  // Every job the company has that is not archived, and its members.
  jobs: z.number().int(),
  members: z.number().int(),
  // The members themselves, owner first, at most ADMIN_COMPANY_TEAM_SHOWN of them (members says how many).
  team: z.array(companyMemberSummarySchema),
  // What a Delete would take with it, for its confirm dialog.
  outstanding_invoices: z.number().int(),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;

// GET /api/admin/account-manager-options: who the dropdown offers.
const accountManagerOptionSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AccountManagerOption = z.infer<typeof accountManagerOptionSchema>;
export const accountManagerOptionsSchema = z.object({ items: z.array(accountManagerOptionSchema) });

// PUT /api/admin/companies/{id}/account-manager
export const assignAccountManagerSchema = z.object({
  accountManagerId: z.uuid({ message: 'Choose an account manager from the list.' }).nullable(),
});
export const assignAccountManagerResultSchema = z.object({ company: adminCompanySchema });

const companyBulkActions = ['suspend', 'activate', 'delete'] as const;
export type CompanyBulkAction = (typeof companyBulkActions)[number];

// POST /api/admin/companies/bulk
export const companyBulkSchema = z.object({
  action: z.enum(companyBulkActions, { message: 'Choose Suspend, Activate or Delete.' }),
  ids: z
    .array(z.uuid({ message: 'This list names something that is not a company.' }), {
      message: 'Select at least one company.',
    })
    .min(1, { message: 'Select at least one company.' })
    .max(100, { message: 'Select at most 100 companies at a time.' }),
});
export type CompanyBulkInput = z.infer<typeof companyBulkSchema>;
export const companyBulkResultSchema = z.object({
  // The companies the action changed (one already in that state is not changed again).
  changed: z.number().int(),
  jobs_closed: z.number().int(),
  members_signed_out: z.number().int(),
});
export type CompanyBulkResult = z.infer<typeof companyBulkResultSchema>;

// POST /api/admin/companies/delete-preview {ids}: what a Delete would take, for its confirm dialog.
export const companyDeletePreviewSchema = z.object({
  companies: z.number().int(),
  jobs_to_close: z.number().int(),
  members_to_sign_out: z.number().int(),
  invoices_kept: z.number().int(),
  // Companies with invoices still to be paid: Delete is refused while there are any.
  blocked_by_unpaid: z.array(z.object({ name: z.string(), invoices: z.number().int() })),
});
export type CompanyDeletePreview = z.infer<typeof companyDeletePreviewSchema>;

export const companyBulkVerbs: Record<CompanyBulkAction, { past: string; title: string }> = {
  suspend: { past: 'suspended', title: 'Companies Suspended' },
  activate: { past: 'activated', title: 'Companies Activated' },
  delete: { past: 'deleted', title: 'Companies Deleted' },
};

export const adminCompanyTexts = {
  // docs/spec/admin-billing-and-content.md §8, word for word.
  loadFailedTitle: 'Error loading companies',
  loadFailed: 'Failed to load company data. Please try again.',
  bulkFailed: (action: CompanyBulkAction) => `Failed to ${action} companies`,
  assigned: 'Account Manager Assigned',
  assignFailed: 'Failed to assign account manager',
  notFound: 'This company does not exist.',
  notAccountManager: 'Choose an account manager from the list: this person is not an account manager.',
  someNotFound: 'Some of the selected companies no longer exist. Refresh the list and try again.',
  suspendedCompany: 'Your company’s account is suspended. Please contact support.',
  unpaidInvoices: (names: string[]) =>
    `${names.join(', ')} still ${names.length === 1 ? 'has' : 'have'} unpaid invoices. A company can be deleted once its invoices are paid.`,
} as const;
