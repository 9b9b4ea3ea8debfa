CREATE TYPE "public"."attempt_closer" AS ENUM('candidate', 'deadline');--> statement-breakpoint
CREATE TYPE "public"."grading_method" AS ENUM('auto', 'ai', 'manual', 'unscored');--> statement-breakpoint
CREATE TABLE "test_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" jsonb,
	"answered_at" timestamp with time zone,
	"method" "grading_method",
	"points" numeric(6, 2),
	"explanation" text,
	"graded_by_id" uuid,
	"graded_at" timestamp with time zone,
	CONSTRAINT "test_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "assigned_by_id" uuid;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "questions" jsonb;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "points_earned" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "points_possible" integer;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "pending_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "closed_by" "attempt_closer";--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "integrity_events" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_graded_by_id_users_id_fk" FOREIGN KEY ("graded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_attempts_application_id_idx" ON "test_attempts" USING btree ("application_id");--> statement-breakpoint
-- Earlier data may hold the same test assigned twice and unfinished: keep the latest of each.
DELETE FROM "test_attempts" AS "older" USING "test_attempts" AS "newer"
  WHERE "older"."status" IN ('assigned', 'started') AND "newer"."status" IN ('assigned', 'started')
    AND "older"."test_id" = "newer"."test_id" AND "older"."applicant_id" = "newer"."applicant_id"
    AND ("older"."assigned_at", "older"."id") < ("newer"."assigned_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_open_unique" ON "test_attempts" USING btree ("test_id","applicant_id") WHERE "test_attempts"."status" in ('assigned', 'started');--> statement-breakpoint
CREATE INDEX "test_attempts_open_deadline_idx" ON "test_attempts" USING btree ("deadline_at") WHERE "test_attempts"."status" in ('started', 'submitted');