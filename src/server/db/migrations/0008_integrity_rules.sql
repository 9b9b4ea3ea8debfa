ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_actor_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "questions_test_id_position_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_time_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questions_test_id_position_unique" ON "questions" USING btree ("test_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_position_range" CHECK ("questions"."position" >= 0);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_points_range" CHECK ("questions"."points" between 1 and 10);--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_score_range" CHECK ("test_attempts"."score" between 0 and 100);--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_pass_rate_range" CHECK ("tests"."pass_rate" between 0 and 100);--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_time_limit_range" CHECK ("tests"."time_limit_minutes" between 15 and 240);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_budget_range" CHECK ("jobs"."budget_min_cents" >= 0 and "jobs"."budget_max_cents" >= 0 and "jobs"."budget_total_cents" >= 0 and "jobs"."budget_min_cents" <= "jobs"."budget_max_cents");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_weekly_hours_range" CHECK ("jobs"."weekly_hours" between 1 and 60);--> statement-breakpoint
-- Each audit row keeps the address its actor had when it was written.
CREATE OR REPLACE FUNCTION audit_logs_fill_actor_email() RETURNS trigger AS $$
BEGIN
  IF NEW.actor_id IS NOT NULL AND NEW.actor_email IS NULL THEN
    SELECT email INTO NEW.actor_email FROM users WHERE id = NEW.actor_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_logs_actor_email
  BEFORE INSERT ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION audit_logs_fill_actor_email();
--> statement-breakpoint
-- Rows written before the column existed: the one change the append-only rule lets through, here.
ALTER TABLE "audit_logs" DISABLE TRIGGER audit_logs_append_only;
--> statement-breakpoint
UPDATE "audit_logs" SET "actor_email" = "users"."email" FROM "users" WHERE "users"."id" = "audit_logs"."actor_id";
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER audit_logs_append_only;
--> statement-breakpoint
-- Accounts are suspended or anonymised, never deleted: the audit trail and the records people made keep
-- pointing at them.
CREATE OR REPLACE FUNCTION users_refuse_delete() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'users are never deleted: suspend or anonymise the account instead';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_never_deleted
  BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_refuse_delete();
