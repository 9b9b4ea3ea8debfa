import { sql } from 'drizzle-orm';

// An earning's company as the invoice that billed it named the company (decision 044): renaming the company
// afterwards changes no statement or summary of that earning. Work not invoiced yet has no such name: the
// company's name today, or null for a company gone. Reads the aliases t (timesheets), m (milestones) and
// c (companies) of the query it is put in.
export const companyAsInvoiced = sql`coalesce(
  (select i.billed_to_name from invoices i where i.id = t.invoice_id),
  (select i.billed_to_name from invoices i where i.milestone_id = m.id),
  c.name)`;
