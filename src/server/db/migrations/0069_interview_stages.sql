ALTER TABLE "applications" ADD COLUMN "interview_stage_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "interview_stages" jsonb DEFAULT '[]'::jsonb NOT NULL;