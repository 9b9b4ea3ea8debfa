CREATE TYPE "public"."bank_code_type" AS ENUM('swift', 'aba', 'sort_code', 'ifsc');--> statement-breakpoint
CREATE TYPE "public"."ledger_account" AS ENUM('provider_clearing', 'company_receivable', 'escrow', 'talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out', 'platform_revenue', 'tax_payable', 'processor_fees');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('work_approved', 'invoice_issued', 'payment_received', 'funding_received', 'milestone_released', 'payment_refunded', 'funding_refunded', 'earnings_available', 'earnings_reclaimed', 'payout_sent', 'payout_paid', 'payout_failed');--> statement-breakpoint
CREATE TYPE "public"."payout_exception" AS ENUM('on_hold', 'suspended', 'no_method', 'method_waiting', 'not_onboarded');--> statement-breakpoint
CREATE TYPE "public"."payout_method_kind" AS ENUM('bank_account', 'wise', 'payoneer', 'paypal', 'stripe_connect');--> statement-breakpoint
CREATE TYPE "public"."payout_provider" AS ENUM('stripe', 'bank_file');--> statement-breakpoint
CREATE TYPE "public"."payout_run_status" AS ENUM('draft', 'approved', 'completed');--> statement-breakpoint
CREATE TYPE "public"."payout_line_status" AS ENUM('planned', 'exception', 'cancelled', 'sent', 'paid', 'failed');--> statement-breakpoint
ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'payout_method';--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account" "ledger_account" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"applicant_id" uuid,
	"company_id" uuid,
	"timesheet_id" uuid,
	"milestone_id" uuid,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid,
	"applicant_id" uuid,
	"invoice_id" uuid,
	"payment_id" uuid,
	"timesheet_id" uuid,
	"milestone_id" uuid,
	"payout_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payout_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"placed_by" uuid,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"release_reason" text
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"kind" "payout_method_kind" NOT NULL,
	"label" text NOT NULL,
	"holder_name" text,
	"bank_name" text,
	"account_number" text,
	"bank_code_type" "bank_code_type",
	"bank_code" text,
	"email" text,
	"stripe_account_id" text,
	"onboarded_at" timestamp with time zone,
	"is_default" boolean DEFAULT false NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheduled_for" date NOT NULL,
	"status" "payout_run_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"method_id" uuid,
	"amount_cents" integer NOT NULL,
	"status" "payout_line_status" NOT NULL,
	"exception" "payout_exception",
	"provider" "payout_provider",
	"method_label" text,
	"reference" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_not_negative" CHECK ("payouts"."amount_cents" >= 0),
	CONSTRAINT "payouts_exception_has_reason" CHECK (("payouts"."status" = 'exception') = ("payouts"."exception" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_id_payout_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payout_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_talent_idx" ON "ledger_entries" USING btree ("applicant_id","account") WHERE "ledger_entries"."applicant_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_timesheet_idx" ON "ledger_entries" USING btree ("timesheet_id") WHERE "ledger_entries"."timesheet_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_milestone_idx" ON "ledger_entries" USING btree ("milestone_id") WHERE "ledger_entries"."milestone_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_unique" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_invoice_idx" ON "ledger_transactions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payout_idx" ON "ledger_transactions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_applicant_idx" ON "ledger_transactions" USING btree ("applicant_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_holds_one_in_force" ON "payout_holds" USING btree ("applicant_id") WHERE "payout_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "payout_methods_applicant_idx" ON "payout_methods" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_one_default" ON "payout_methods" USING btree ("applicant_id") WHERE "payout_methods"."is_default" and "payout_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_one_stripe" ON "payout_methods" USING btree ("applicant_id") WHERE "payout_methods"."kind" = 'stripe_connect' and "payout_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_day_unique" ON "payout_runs" USING btree ("scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_talent_unique" ON "payouts" USING btree ("run_id","applicant_id");--> statement-breakpoint
CREATE INDEX "payouts_run_status_idx" ON "payouts" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "payouts_applicant_idx" ON "payouts" USING btree ("applicant_id","created_at");--> statement-breakpoint
-- The ledger is append only: lines and transactions are added, never changed or removed.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only
  BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every transaction sums to zero, checked at commit (its lines are inserted one statement or several).
CREATE OR REPLACE FUNCTION ledger_transaction_balances() RETURNS trigger AS $$
BEGIN
  IF (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', NEW.transaction_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance
  AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint
INSERT INTO "platform_settings" ("key", "value") VALUES
  ('payouts_wait_for_payment', 'true'),
  ('payout_security_days', '5'),
  ('payout_minimum_cents', '2000')
ON CONFLICT ("key") DO NOTHING;
