-- Find Jobs and the public board, unfiltered and newest first: a page walks the open jobs in the board's
-- order (coalesce(published_at, created_at) desc, id desc) instead of reading and sorting all of them,
-- and the total is counted from this index alone (company and visibility carried for the visibility
-- rule of platform/job-visibility.ts). Drizzle cannot declare INCLUDE.
CREATE INDEX "jobs_open_posted_idx" ON "jobs" USING btree ((coalesce("published_at", "created_at")) DESC, "id" DESC)
  INCLUDE ("company_id", "visibility") WHERE "status" = 'open';
