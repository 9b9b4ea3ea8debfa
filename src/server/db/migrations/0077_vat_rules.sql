CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_country_code" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_name_known" CHECK ("tax_rates"."name" in ('VAT', 'GST')),
	CONSTRAINT "tax_rates_range" CHECK ("tax_rates"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "vat_check" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "vat_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "email_e_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_category" text DEFAULT 'sales_tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_name" text DEFAULT 'Tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "tax_category" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_category" text DEFAULT 'sales_tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_name" text DEFAULT 'Tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_country_day_unique" ON "tax_rates" USING btree ("country","effective_from");--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_vat_check_known" CHECK ("billing_profiles"."vat_check" in ('', 'valid', 'unavailable'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_category_known" CHECK ("invoices"."tax_category" in ('standard', 'reverse_charge', 'outside_scope', 'sales_tax'));--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_tax_category_known" CHECK ("credit_notes"."tax_category" in ('standard', 'reverse_charge', 'outside_scope', 'sales_tax'));--> statement-breakpoint
-- hand-written
-- Every document so far charged the company's own rate, the sales-tax rule (decision 053), from a seller
-- of no country.
UPDATE "credit_notes" SET "parties" = "parties" || '{"sellerCountry": ""}'::jsonb WHERE NOT "parties" ? 'sellerCountry';--> statement-breakpoint
UPDATE "credit_notes" c SET "tax_basis_points" = i."tax_basis_points" FROM "invoices" i WHERE i."id" = c."invoice_id";--> statement-breakpoint
UPDATE "credit_notes" c SET "tax_basis_points" = m."tax_basis_points"
  FROM "milestones" m WHERE c."invoice_id" IS NULL AND m."id" = c."milestone_id" AND m."tax_basis_points" IS NOT NULL;--> statement-breakpoint
UPDATE "milestones" SET "tax_category" = 'sales_tax', "tax_name" = 'Tax', "tax_note" = ''
  WHERE "tax_basis_points" IS NOT NULL;--> statement-breakpoint
-- The standard VAT and GST rates in force when Tandem began charging them; administrators add changes from
-- their day on. Canada's is the federal GST (a province's HST is not applied: see decision 053).
INSERT INTO "tax_rates" ("country", "name", "rate_basis_points", "effective_from") VALUES
  ('AT', 'VAT', 2000, '2000-01-01'), ('BE', 'VAT', 2100, '2000-01-01'), ('BG', 'VAT', 2000, '2000-01-01'),
  ('CY', 'VAT', 1900, '2000-01-01'), ('CZ', 'VAT', 2100, '2000-01-01'), ('DE', 'VAT', 1900, '2000-01-01'),
  ('DK', 'VAT', 2500, '2000-01-01'), ('EE', 'VAT', 2400, '2000-01-01'), ('ES', 'VAT', 2100, '2000-01-01'),
  ('FI', 'VAT', 2550, '2000-01-01'), ('FR', 'VAT', 2000, '2000-01-01'), ('GR', 'VAT', 2400, '2000-01-01'),
  ('HR', 'VAT', 2500, '2000-01-01'), ('HU', 'VAT', 2700, '2000-01-01'), ('IE', 'VAT', 2300, '2000-01-01'),
  ('IT', 'VAT', 2200, '2000-01-01'), ('LT', 'VAT', 2100, '2000-01-01'), ('LU', 'VAT', 1700, '2000-01-01'),
  ('LV', 'VAT', 2100, '2000-01-01'), ('MT', 'VAT', 1800, '2000-01-01'), ('NL', 'VAT', 2100, '2000-01-01'),
  ('PL', 'VAT', 2300, '2000-01-01'), ('PT', 'VAT', 2300, '2000-01-01'), ('RO', 'VAT', 2100, '2000-01-01'),
  ('SE', 'VAT', 2500, '2000-01-01'), ('SI', 'VAT', 2200, '2000-01-01'), ('SK', 'VAT', 2300, '2000-01-01'),
  ('GB', 'VAT', 2000, '2000-01-01'), ('CH', 'VAT', 810, '2000-01-01'), ('NO', 'VAT', 2500, '2000-01-01'),
  ('AU', 'GST', 1000, '2000-01-01'), ('IN', 'GST', 1800, '2000-01-01'), ('CA', 'GST', 500, '2000-01-01');
