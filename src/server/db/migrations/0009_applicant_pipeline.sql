-- Find Jobs' search document. to_tsvector with a named configuration is immutable, array_to_string is
-- only stable: this wrapper is declared IMMUTABLE so a generated column can call it. Title and skills
-- rank above the description.
CREATE OR REPLACE FUNCTION jobs_document(title text, tags text[], description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(tags, ' ')), 'A')
    || setweight(to_tsvector('english', coalesce(description, '')), 'C') $$;--> statement-breakpoint
CREATE TYPE "public"."assignment_status" AS ENUM('pending', 'active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('application_received', 'application_withdrawn', 'application_stage_changed', 'offer_made', 'offer_accepted', 'offer_declined', 'job_filled', 'job_invitation');--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_ratings" (
	"application_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_ratings_application_id_reviewer_id_pk" PRIMARY KEY("application_id","reviewer_id"),
	CONSTRAINT "application_ratings_range" CHECK ("application_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"job_id" uuid,
	"application_id" uuid,
	"role" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"weekly_hours" integer NOT NULL,
	"start_date" date NOT NULL,
	"status" "assignment_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_rate_positive" CHECK ("assignments"."rate_cents" > 0),
	CONSTRAINT "assignments_weekly_hours_range" CHECK ("assignments"."weekly_hours" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "job_invitations" (
	"job_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_invitations_job_id_applicant_id_pk" PRIMARY KEY("job_id","applicant_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"applicant_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_applicant_id_job_id_pk" PRIMARY KEY("applicant_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "offer_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "offer_weekly_hours" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "offer_start_date" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "openings" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "document" "tsvector" GENERATED ALWAYS AS (jobs_document(title, skill_tags, description)) STORED;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "photo_file" text;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "photo_content_type" text;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_application_unique" ON "assignments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "assignments_company_status_idx" ON "assignments" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "assignments_applicant_idx" ON "assignments" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "job_invitations_applicant_idx" ON "job_invitations" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "saved_jobs_applicant_created_idx" ON "saved_jobs" USING btree ("applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_document_idx" ON "jobs" USING gin ("document");--> statement-breakpoint
CREATE INDEX "jobs_open_published_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id") WHERE "jobs"."status" = 'open';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_proposal_rate_positive" CHECK ("applications"."proposal_rate_cents" > 0);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_offer_rate_positive" CHECK ("applications"."offer_rate_cents" > 0);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_offer_hours_range" CHECK ("applications"."offer_weekly_hours" between 1 and 60);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_openings_range" CHECK ("jobs"."openings" between 1 and 100);