CREATE TYPE "public"."credit_note_reason" AS ENUM('payment_refunded', 'charged_back', 'milestone_refunded', 'dispute_settled');--> statement-breakpoint
CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "invoice_item_kind" NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"refund_key" text NOT NULL,
	"reason" "credit_note_reason" NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid NOT NULL,
	"milestone_id" uuid,
	"parties" jsonb NOT NULL,
	"issue_date" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_is_sum" CHECK ("credit_notes"."total_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."fee_cents" + "credit_notes"."tax_cents"),
	CONSTRAINT "credit_notes_amounts_positive" CHECK ("credit_notes"."subtotal_cents" >= 0 and "credit_notes"."fee_cents" >= 0 and "credit_notes"."tax_cents" >= 0 and "credit_notes"."total_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_items_position_unique" ON "credit_note_items" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_unique" ON "credit_notes" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_key_unique" ON "credit_notes" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "credit_notes_company_issue_idx" ON "credit_notes" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "credit_notes_issue_idx" ON "credit_notes" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_payment_idx" ON "credit_notes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "credit_notes_milestone_idx" ON "credit_notes" USING btree ("milestone_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_range" CHECK ("payments"."refunded_cents" between 0 and "payments"."amount_cents");--> statement-breakpoint
-- What went back of each payment before this migration: an invoice's payment refunded in full, and a
-- milestone's funding charge less what its release invoice took of it (decision 035).
UPDATE "payments" SET "refunded_cents" = "amount_cents" WHERE "refunded_at" IS NOT NULL AND "invoice_id" IS NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "refunded_cents" = p."amount_cents" - coalesce((SELECT sum(i."total_cents") FROM "invoices" i WHERE i."milestone_id" = m."id"), 0)
  FROM "milestones" m
  WHERE p."milestone_id" = m."id" AND p."status" = 'completed' AND m."refunded_cents" > 0;--> statement-breakpoint
-- Every refund made before credit notes existed gets its credit note (decision 048), numbered in the order the
-- money went back within each year, after any number a counter already holds. Each is computed from rows that
-- have not changed since (an invoice's items as issued; a milestone's fee and tax fixed at funding), so the
-- credit note says what it would have said at the time. The buyer is named as the invoice named it, or as the
-- company is named now for a milestone's refund: its name then is not kept anywhere.
CREATE TEMPORARY TABLE "credit_note_backfill" AS
  WITH refunds AS (
    SELECT 'refund:' || p."id" AS refund_key,
           CASE WHEN EXISTS (SELECT 1 FROM "audit_logs" a WHERE a."target_id" = p."id"::text AND a."action" = 'payment.charged_back')
                THEN 'charged_back' ELSE 'payment_refunded' END AS reason,
           p."company_id", p."invoice_id", p."id" AS payment_id, NULL::uuid AS milestone_id,
           jsonb_build_object('billedToName', i."billed_to_name", 'billedToAddress', i."billed_to_address",
                              'billedToCountry', i."billed_to_country", 'billedToTaxId', i."billed_to_tax_id",
                              'sellerName', i."seller_name", 'sellerAddress', i."seller_address",
                              'sellerTaxId', i."seller_tax_id") AS parties,
           p."refunded_at" AS issued_at, i."subtotal_cents", i."fee_cents", i."tax_cents", i."total_cents"
    FROM "payments" p JOIN "invoices" i ON i."id" = p."invoice_id"
    WHERE p."refunded_at" IS NOT NULL AND i."total_cents" = p."amount_cents"
    UNION ALL
    SELECT 'milestone-refund:' || m."id",
           CASE m."status" WHEN 'settled' THEN 'dispute_settled' ELSE 'milestone_refunded' END,
           p."company_id", NULL::uuid, p."id", m."id",
           jsonb_build_object(
             'billedToName', coalesce(nullif(bp."legal_name", ''), c."name"),
             'billedToAddress', concat_ws(E'\n', nullif(bp."address_line1", ''), nullif(bp."address_line2", ''),
               nullif(concat_ws(' ', nullif(concat_ws(', ', nullif(bp."city", ''), nullif(bp."region", '')), ''),
                                nullif(bp."postal_code", '')), '')),
             'billedToCountry', coalesce(bp."country", ''), 'billedToTaxId', coalesce(bp."tax_id", ''),
             'sellerName', coalesce(nullif(s."value"->>'legal_name', ''), 'Tandem'),
             'sellerAddress', coalesce(s."value"->>'address', ''), 'sellerTaxId', coalesce(s."value"->>'tax_id', '')),
           coalesce(m."settled_at", p."refunded_at", m."updated_at"),
           m."refunded_cents",
           coalesce(m."fee_cents", 0) - coalesce(r."fee_cents", 0),
           coalesce(m."tax_cents", 0) - coalesce(r."tax_cents", 0),
           p."refunded_cents"
    FROM "milestones" m
    JOIN "payments" p ON p."milestone_id" = m."id" AND p."status" = 'completed'
    JOIN "companies" c ON c."id" = p."company_id"
    LEFT JOIN "billing_profiles" bp ON bp."company_id" = c."id"
    LEFT JOIN "platform_settings" s ON s."key" = 'invoice_seller'
    LEFT JOIN "invoices" r ON r."milestone_id" = m."id"
    WHERE m."refunded_cents" > 0 AND p."refunded_cents" > 0
  )
  SELECT r.*, extract(year FROM r.issued_at AT TIME ZONE 'UTC')::int AS year,
         row_number() OVER (PARTITION BY extract(year FROM r.issued_at AT TIME ZONE 'UTC') ORDER BY r.issued_at, r.refund_key)::int AS sequence
  FROM refunds r
  WHERE r."subtotal_cents" + r."fee_cents" + r."tax_cents" = r."total_cents" AND r."total_cents" > 0;--> statement-breakpoint
INSERT INTO "credit_note_counters" ("year", "last_number")
  SELECT "year", max("sequence") FROM "credit_note_backfill" GROUP BY "year";--> statement-breakpoint
INSERT INTO "credit_notes" ("credit_note_number", "company_id", "refund_key", "reason", "invoice_id", "payment_id", "milestone_id",
                            "parties", "issue_date", "issued_at", "subtotal_cents", "fee_cents", "tax_cents", "total_cents")
  SELECT 'CN-' || b."year" || '-' || lpad(b."sequence"::text, 6, '0'), b."company_id", b."refund_key", b."reason"::"credit_note_reason",
         b."invoice_id", b."payment_id", b."milestone_id", b."parties", (b."issued_at" AT TIME ZONE 'UTC')::date, b."issued_at",
         b."subtotal_cents", b."fee_cents", b."tax_cents", b."total_cents"
  FROM "credit_note_backfill" b;--> statement-breakpoint
INSERT INTO "credit_note_items" ("credit_note_id", "position", "kind", "description", "amount_cents")
  SELECT n."id", it."position", it."kind", it."description", it."amount_cents"
  FROM "credit_notes" n JOIN "invoice_items" it ON it."invoice_id" = n."invoice_id"
  WHERE n."milestone_id" IS NULL;--> statement-breakpoint
INSERT INTO "credit_note_items" ("credit_note_id", "position", "kind", "description", "amount_cents")
  SELECT n."id", line."position", line."kind"::"invoice_item_kind", line."description", line."amount_cents"
  FROM "credit_notes" n JOIN "milestones" m ON m."id" = n."milestone_id"
  CROSS JOIN LATERAL (VALUES (1, 'milestone', 'Milestone: ' || m."title", n."subtotal_cents"),
                             (2, 'fee', 'Platform fee', n."fee_cents"),
                             (3, 'tax', 'Tax', n."tax_cents")) AS line("position", "kind", "description", "amount_cents")
  WHERE line."amount_cents" > 0;--> statement-breakpoint
DROP TABLE "credit_note_backfill";
