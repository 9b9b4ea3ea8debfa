DROP INDEX "payout_runs_day_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_one_draft" ON "payout_runs" USING btree ("status") WHERE "payout_runs"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "payout_runs_day_idx" ON "payout_runs" USING btree ("scheduled_for");