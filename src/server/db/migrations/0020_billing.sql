CREATE TYPE "public"."invoice_item_kind" AS ENUM('work', 'fee', 'tax');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('pending', 'unpaid', 'paid', 'overdue');--> statement-breakpoint
CREATE TYPE "public"."payment_method_kind" AS ENUM('card', 'bank', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."timesheet_status" AS ENUM('open', 'submitted', 'approved', 'returned');--> statement-breakpoint
CREATE TABLE "assignment_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"rate_cents" integer NOT NULL,
	"pay_rate_cents" integer NOT NULL,
	"weekly_hours" integer NOT NULL,
	"effective_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_terms_rate_positive" CHECK ("assignment_terms"."rate_cents" > 0 and "assignment_terms"."pay_rate_cents" >= 0),
	CONSTRAINT "assignment_terms_weekly_hours_range" CHECK ("assignment_terms"."weekly_hours" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"payment_terms_days" smallint DEFAULT 14 NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"default_payment_method_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_tax_range" CHECK ("billing_profiles"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "billing_profiles_terms_range" CHECK ("billing_profiles"."payment_terms_days" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "clock_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"clocked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clocked_out_at" timestamp with time zone,
	"break_started_at" timestamp with time zone,
	"break_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" "invoice_item_kind" NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"assignment_id" uuid,
	"minutes" integer
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" "invoice_status" DEFAULT 'pending' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_is_sum" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."fee_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_paid_has_time" CHECK (("invoices"."status" = 'paid') = ("invoices"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" "payment_method_kind" NOT NULL,
	"label" text NOT NULL,
	"last4" text,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"method_label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"timesheet_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_timesheet_id_work_date_pk" PRIMARY KEY("timesheet_id","work_date"),
	CONSTRAINT "time_entries_minutes_range" CHECK ("time_entries"."minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" timesheet_status DEFAULT 'open' NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"over_weekly_hours_approved" boolean DEFAULT false NOT NULL,
	"return_comment" text,
	"talent_pay_cents" integer,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_week_starts_sunday" CHECK (extract(dow from "timesheets"."week_start") = 0)
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "assignment_terms" ADD CONSTRAINT "assignment_terms_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_terms" ADD CONSTRAINT "assignment_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_sessions" ADD CONSTRAINT "clock_sessions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_terms_effective_unique" ON "assignment_terms" USING btree ("assignment_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "clock_sessions_open_unique" ON "clock_sessions" USING btree ("assignment_id") WHERE "clock_sessions"."clocked_out_at" is null;--> statement-breakpoint
CREATE INDEX "clock_sessions_assignment_idx" ON "clock_sessions" USING btree ("assignment_id","clocked_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_position_unique" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_unique" ON "invoices" USING btree ("company_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_company_issue_idx" ON "invoices" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "payment_methods_company_idx" ON "payment_methods" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_unique" ON "payments" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_invoice" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" in ('pending', 'completed');--> statement-breakpoint
CREATE INDEX "payments_company_created_idx" ON "payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_assignment_week_unique" ON "timesheets" USING btree ("assignment_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheets_status_idx" ON "timesheets" USING btree ("status","week_start");--> statement-breakpoint
CREATE INDEX "timesheets_unbilled_idx" ON "timesheets" USING btree ("week_start") WHERE "timesheets"."status" = 'approved' and "timesheets"."invoice_id" is null;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_ends_after_start" CHECK ("assignments"."end_date" is null or "assignments"."end_date" >= "assignments"."start_date");--> statement-breakpoint
-- Reference data: the platform fee on invoices (issue 15), 10% of the work until an administrator sets it.
INSERT INTO "platform_settings" ("key", "value") VALUES ('platform_fee_basis_points', '1000') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- Every existing assignment starts with its hire's terms (the talent paid the billed rate until set otherwise).
INSERT INTO "assignment_terms" ("assignment_id", "rate_cents", "pay_rate_cents", "weekly_hours", "effective_date")
SELECT "id", "rate_cents", "rate_cents", "weekly_hours", "start_date" FROM "assignments"
ON CONFLICT DO NOTHING;
