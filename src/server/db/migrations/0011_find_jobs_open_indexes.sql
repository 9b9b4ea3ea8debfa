DROP INDEX "jobs_document_idx";--> statement-breakpoint
DROP INDEX "jobs_skill_keys_idx";--> statement-breakpoint
CREATE INDEX "jobs_open_document_idx" ON "jobs" USING gin ("document") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_skill_keys_idx" ON "jobs" USING gin ("skill_keys") WHERE "jobs"."status" = 'open';