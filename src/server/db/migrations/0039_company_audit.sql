ALTER TABLE "audit_logs" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_logs_company_id_created_at_idx" ON "audit_logs" USING btree ("company_id","created_at","id");--> statement-breakpoint
-- Each audit row keeps the address its actor had when it was written, and now the company they were a
-- member of then: a company's log shows a member's rows after the member leaves (docs/decisions/032).
CREATE OR REPLACE FUNCTION audit_logs_fill_actor_email() RETURNS trigger AS $$
BEGIN
  IF NEW.actor_id IS NOT NULL AND NEW.actor_email IS NULL THEN
    SELECT email INTO NEW.actor_email FROM users WHERE id = NEW.actor_id;
  END IF;
  IF NEW.actor_id IS NOT NULL AND NEW.company_id IS NULL THEN
    SELECT company_id INTO NEW.company_id FROM company_members WHERE user_id = NEW.actor_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Rows written before the column existed belong to the company their actor is a member of now (all a
-- row can say of its past): the one change the append-only rule lets through, here.
ALTER TABLE "audit_logs" DISABLE TRIGGER audit_logs_append_only;
--> statement-breakpoint
UPDATE "audit_logs" SET "company_id" = "company_members"."company_id" FROM "company_members" WHERE "company_members"."user_id" = "audit_logs"."actor_id";
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER audit_logs_append_only;
