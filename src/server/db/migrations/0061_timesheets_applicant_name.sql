ALTER TABLE "timesheets" ADD COLUMN "applicant_name" text;--> statement-breakpoint
-- The talent's name, kept on their weeks so that billing's Unbilled work (newest week, then by name, then
-- id) is read in order from the company's index below and counted from it: sorting a week by name looked
-- up each of its 2,000 talents in users (60 ms a page). Copied on insert with the company and role
-- (migration 0059), and kept when a name changes (a profile edit, an anonymisation) by the users trigger.
UPDATE "timesheets" SET "applicant_name" = "users"."name" FROM "assignments", "users"
  WHERE "assignments"."id" = "timesheets"."assignment_id" AND "users"."id" = "assignments"."applicant_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION timesheets_copy_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.company_id, a.role, u.name INTO NEW.company_id, NEW.role, NEW.applicant_name
    FROM assignments a JOIN users u ON u.id = a.applicant_id WHERE a.id = NEW.assignment_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION users_copy_name_to_timesheets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE timesheets SET applicant_name = NEW.name FROM assignments
    WHERE assignments.applicant_id = NEW.id AND timesheets.assignment_id = assignments.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_copy_name_to_timesheets AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_copy_name_to_timesheets();--> statement-breakpoint
CREATE INDEX "timesheets_company_unbilled_idx" ON "timesheets" USING btree ("company_id","week_start" DESC NULLS FIRST,"applicant_name","id") WHERE "timesheets"."status" = 'approved' and "timesheets"."invoice_id" is null;
