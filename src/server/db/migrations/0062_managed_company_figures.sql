CREATE INDEX "companies_managed_idx" ON "companies" USING btree ("account_manager_id","id") WHERE "companies"."deleted_at" is null;--> statement-breakpoint
-- Monthly Revenue over many companies (a manager's ~500, Account Manager Management's page of 20 managers)
-- probes each company's invoices of the month: with the amounts in the index the probes read no invoice
-- rows (a per-manager sequential scan of every invoice was chosen instead, 12 ms a manager). Drizzle cannot
-- declare INCLUDE.
CREATE INDEX "invoices_company_issue_amounts_idx" ON "invoices" USING btree ("company_id", "issue_date")
  INCLUDE ("subtotal_cents", "fee_cents");
