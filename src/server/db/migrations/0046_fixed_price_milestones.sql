CREATE TYPE "public"."milestone_status" AS ENUM('unfunded', 'funded', 'submitted', 'changes_requested', 'approved', 'disputed', 'settled', 'refunded', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'milestone_changed' BEFORE 'note_mention';--> statement-breakpoint
ALTER TYPE "public"."invoice_item_kind" ADD VALUE 'milestone';--> statement-breakpoint
CREATE TABLE "offer_milestones" (
	"application_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	CONSTRAINT "offer_milestones_application_id_position_pk" PRIMARY KEY("application_id","position"),
	CONSTRAINT "offer_milestones_amount_positive" CHECK ("offer_milestones"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "milestone_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" "milestone_status" DEFAULT 'unfunded' NOT NULL,
	"fee_basis_points" integer,
	"fee_cents" integer,
	"tax_basis_points" integer,
	"tax_cents" integer,
	"funded_cents" integer DEFAULT 0 NOT NULL,
	"released_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"funded_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submission_message" text,
	"changes_comment" text,
	"approval_reminded_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_amount_positive" CHECK ("milestones"."amount_cents" > 0),
	CONSTRAINT "milestones_money_adds_up" CHECK ("milestones"."released_cents" >= 0 and "milestones"."refunded_cents" >= 0 and "milestones"."released_cents" + "milestones"."refunded_cents" <= "milestones"."funded_cents"),
	CONSTRAINT "milestones_funded_whole" CHECK ("milestones"."funded_cents" = case when "milestones"."status" in ('unfunded', 'cancelled') then 0 else "milestones"."amount_cents" end),
	CONSTRAINT "milestones_settled_money" CHECK (case "milestones"."status"
            when 'approved' then "milestones"."released_cents" = "milestones"."funded_cents"
            when 'refunded' then "milestones"."refunded_cents" = "milestones"."funded_cents"
            when 'settled' then "milestones"."released_cents" + "milestones"."refunded_cents" = "milestones"."funded_cents"
            else "milestones"."released_cents" = 0 and "milestones"."refunded_cents" = 0
          end)
);
--> statement-breakpoint
DROP INDEX "invoices_company_period_unique";--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "rate_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "weekly_hours" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "engagement_type" "engagement_type" DEFAULT 'hourly' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "milestone_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "milestone_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_milestones" ADD CONSTRAINT "offer_milestones_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_files" ADD CONSTRAINT "milestone_files_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_files" ADD CONSTRAINT "milestone_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_files_milestone_idx" ON "milestone_files" USING btree ("milestone_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_files_file_unique" ON "milestone_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_assignment_position_unique" ON "milestones" USING btree ("assignment_id","position");--> statement-breakpoint
CREATE INDEX "milestones_submitted_idx" ON "milestones" USING btree ("submitted_at") WHERE "milestones"."status" = 'submitted';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_milestone_unique" ON "invoices" USING btree ("milestone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_milestone" ON "payments" USING btree ("milestone_id") WHERE "payments"."status" in ('pending', 'completed') and "payments"."refunded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_unique" ON "invoices" USING btree ("company_id","period_start") WHERE "invoices"."milestone_id" is null;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_hourly_terms" CHECK (("assignments"."engagement_type" = 'hourly') = ("assignments"."rate_cents" is not null and "assignments"."weekly_hours" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one_thing" CHECK (("payments"."invoice_id" is null) <> ("payments"."milestone_id" is null));