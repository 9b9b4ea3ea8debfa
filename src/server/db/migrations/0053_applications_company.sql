ALTER TABLE "applications" ADD COLUMN "company_id" uuid;--> statement-breakpoint
-- The job's company, kept on its applications so that the company-wide pipeline (GET /api/applications,
-- /api/jobs/applications) pages them newest first from one index and counts its stages from that index
-- alone, instead of reading and sorting every application of every job (51,000 for a company of 10,000
-- jobs: 290 ms a page, seconds under a generic plan). A job never changes company, so the copy is made
-- once, on insert, by the trigger below; the code that inserts applications need not know of it.
UPDATE "applications" SET "company_id" = "jobs"."company_id" FROM "jobs" WHERE "jobs"."id" = "applications"."job_id";--> statement-breakpoint
CREATE FUNCTION applications_copy_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT company_id INTO NEW.company_id FROM jobs WHERE id = NEW.job_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_copy_company BEFORE INSERT OR UPDATE OF job_id ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_copy_company();--> statement-breakpoint
-- Drizzle cannot declare INCLUDE: the stage, job and time are what the stage counts (and "new") read.
CREATE INDEX "applications_company_created_idx" ON "applications" USING btree ("company_id", "created_at" DESC, "id" DESC)
  INCLUDE ("status", "job_id");
--> statement-breakpoint
-- The counts' "new" compares each application with its job's last visit: the company's jobs with that
-- time, read from an index alone rather than from the wide job rows (half the counts' time at 10,000 jobs).
CREATE INDEX "jobs_company_seen_idx" ON "jobs" USING btree ("company_id", "id") INCLUDE ("applications_seen_at");
