-- Find Jobs' skill filter compares lower-cased tags; unnest is not indexable, an array overlap on this
-- generated column is (GIN). Declared IMMUTABLE: lower-casing a text[] depends on nothing else.
CREATE OR REPLACE FUNCTION jobs_skill_keys(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(tag)), '{}') FROM unnest(tags) AS tag $$;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "skill_keys" text[] GENERATED ALWAYS AS (jobs_skill_keys(skill_tags)) STORED;--> statement-breakpoint
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_skill_keys_idx" ON "jobs" USING gin ("skill_keys");