CREATE TYPE "public"."invoice_item_unit" AS ENUM('minute', 'hour', 'each');--> statement-breakpoint
DROP INDEX "invoices_company_period_unique";--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit" "invoice_item_unit";--> statement-breakpoint
-- Work issued before the one rounding rule stays as issued: hours with two decimals.
UPDATE "invoice_items" SET "unit" = CASE WHEN "kind" = 'work' THEN 'hour'::invoice_item_unit ELSE 'each'::invoice_item_unit END;--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "unit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "work_start" date;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "work_end" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_week" date;--> statement-breakpoint
-- Until now an invoice's period was its run's week.
UPDATE "invoices" SET "billing_week" = "period_start" WHERE "milestone_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_unique" ON "invoices" USING btree ("company_id","billing_week") WHERE "invoices"."milestone_id" is null;
