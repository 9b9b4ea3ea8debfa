CREATE TYPE "public"."application_status" AS ENUM('submitted', 'shortlisted', 'interviewing', 'offered', 'hired', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."question_type" AS ENUM('short-answer', 'paragraph', 'multiple-choice', 'checkboxes', 'dropdown', 'file-upload', 'linear-scale', 'rating', 'multiple-choice-grid', 'checkbox-grid', 'date', 'time');--> statement-breakpoint
CREATE TYPE "public"."test_attempt_status" AS ENUM('assigned', 'started', 'submitted', 'graded');--> statement-breakpoint
CREATE TYPE "public"."test_type" AS ENUM('coding', 'mcq', 'mixed', 'language', 'written');--> statement-breakpoint
CREATE TYPE "public"."engagement_type" AS ENUM('hourly', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('draft', 'open', 'paused', 'closed', 'archived');--> statement-breakpoint
CREATE TYPE "public"."job_visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"cover_letter" text NOT NULL,
	"proposal_rate_cents" integer,
	"status" "application_status" DEFAULT 'submitted' NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offered_at" timestamp with time zone,
	"hired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_tests" (
	"job_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	CONSTRAINT "job_tests_job_id_test_id_pk" PRIMARY KEY("job_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "question_type" NOT NULL,
	"text" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"use_ai" boolean DEFAULT false NOT NULL,
	"rubric" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answer_key" jsonb
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"job_id" uuid,
	"status" "test_attempt_status" DEFAULT 'assigned' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" integer,
	"passed" boolean,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"graded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_favorites" (
	"user_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_favorites_user_id_test_id_pk" PRIMARY KEY("user_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" "test_type" NOT NULL,
	"time_limit_minutes" integer DEFAULT 60 NOT NULL,
	"pass_rate" integer DEFAULT 70 NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"engagement_type" "engagement_type" DEFAULT 'hourly' NOT NULL,
	"budget_min_cents" integer,
	"budget_max_cents" integer,
	"budget_total_cents" integer,
	"weekly_hours" integer DEFAULT 20 NOT NULL,
	"start_date" date,
	"skill_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"timezone" text DEFAULT 'UTC+00:00' NOT NULL,
	"required_certs" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" "job_visibility" DEFAULT 'public' NOT NULL,
	"cc_email" text,
	"status" "job_status" DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"applications_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tests" ADD CONSTRAINT "job_tests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tests" ADD CONSTRAINT "job_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_favorites" ADD CONSTRAINT "test_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_favorites" ADD CONSTRAINT "test_favorites_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_applicant_unique" ON "applications" USING btree ("job_id","applicant_id");--> statement-breakpoint
CREATE INDEX "applications_job_status_idx" ON "applications" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "applications_applicant_id_idx" ON "applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "job_tests_test_id_idx" ON "job_tests" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "questions_test_id_position_idx" ON "questions" USING btree ("test_id","position");--> statement-breakpoint
CREATE INDEX "test_attempts_test_id_idx" ON "test_attempts" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "test_attempts_job_id_idx" ON "test_attempts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "test_attempts_applicant_id_idx" ON "test_attempts" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "tests_company_updated_at_idx" ON "tests" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "jobs_company_status_idx" ON "jobs" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "jobs_company_created_at_idx" ON "jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_skill_tags_idx" ON "jobs" USING gin ("skill_tags");