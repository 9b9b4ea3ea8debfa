ALTER TYPE "public"."ledger_account" ADD VALUE 'fx_conversion';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'fx_margin';--> statement-breakpoint
ALTER TYPE "public"."payout_exception" ADD VALUE 'rate_missing';--> statement-breakpoint
CREATE TABLE "payout_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"source_currency" text NOT NULL,
	"source_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"margin_cents" bigint DEFAULT 0 NOT NULL,
	"margin_basis_points" integer DEFAULT 0 NOT NULL,
	"rate" numeric,
	"rate_date" date,
	"rate_source" text,
	CONSTRAINT "payout_parts_not_negative" CHECK ("payout_parts"."source_cents" >= 0 and "payout_parts"."amount_cents" >= 0 and "payout_parts"."margin_cents" >= 0),
	CONSTRAINT "payout_parts_rate_recorded" CHECK (("payout_parts"."rate" is null) = ("payout_parts"."rate_date" is null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- Every line so far was USD (issue 55); from here a line left without one takes its company's.
ALTER TABLE "ledger_entries" ALTER COLUMN "currency" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_parts" ADD CONSTRAINT "payout_parts_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_parts_payout_currency_unique" ON "payout_parts" USING btree ("payout_id","source_currency");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency_code" CHECK ("ledger_entries"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_billing_currency_offered" CHECK ("billing_currency" IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD'));--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "payout_parts" ADD CONSTRAINT "payout_parts_currency_code" CHECK ("source_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- Every payout so far was one part, USD to USD.
INSERT INTO "payout_parts" ("payout_id", "source_currency", "source_cents", "amount_cents")
  SELECT "id", 'USD', "amount_cents", "amount_cents" FROM "payouts";--> statement-breakpoint
-- A company's documents are in its billing currency, whatever path inserts them (decision 051).
CREATE OR REPLACE FUNCTION take_company_currency() RETURNS trigger AS $$
BEGIN
  SELECT "billing_currency" INTO NEW."currency" FROM "companies" WHERE "id" = NEW."company_id";
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_currency BEFORE INSERT ON "invoices" FOR EACH ROW EXECUTE FUNCTION take_company_currency();--> statement-breakpoint
CREATE TRIGGER payments_currency BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION take_company_currency();--> statement-breakpoint
CREATE TRIGGER credit_notes_currency BEFORE INSERT ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION take_company_currency();--> statement-breakpoint
-- A ledger line left without a currency takes the billing currency of the company it or its transaction
-- names, or whose week or milestone it belongs to; a line that names none of them is refused.
CREATE OR REPLACE FUNCTION ledger_entries_currency() RETURNS trigger AS $$
BEGIN
  IF NEW."currency" = '' THEN
    SELECT c."billing_currency" INTO NEW."currency" FROM "companies" c
    WHERE c."id" = coalesce(
      NEW."company_id",
      (SELECT t."company_id" FROM "ledger_transactions" t WHERE t."id" = NEW."transaction_id"),
      (SELECT a."company_id" FROM "timesheets" s JOIN "assignments" a ON a."id" = s."assignment_id"
       WHERE s."id" = NEW."timesheet_id"),
      (SELECT a."company_id" FROM "milestones" m JOIN "assignments" a ON a."id" = m."assignment_id"
       WHERE m."id" = NEW."milestone_id"));
    IF NEW."currency" IS NULL THEN
      RAISE EXCEPTION 'ledger line of transaction % names no company, so no currency', NEW."transaction_id";
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_currency BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_currency();--> statement-breakpoint
-- Every statement's lines balance per transaction in each currency (the per-statement check of 0051).
CREATE OR REPLACE FUNCTION ledger_lines_balance() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_lines GROUP BY transaction_id, currency HAVING sum(amount_cents) <> 0) THEN
    RAISE EXCEPTION 'ledger lines inserted in one statement must balance per transaction in every currency';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
