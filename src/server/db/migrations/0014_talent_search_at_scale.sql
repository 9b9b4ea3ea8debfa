-- Talent Search at a million profiles (issue 12): Best Match, Proven Skills, the working-hours overlap
-- filter, and indexes that keep every search off the table's pages.
--
-- Best Match ranks profiles whose headline or skills hold the words first. Those two alone get a column
-- and an index of their own, so the planner has statistics for them (tsvector statistics ignore
-- weights, so weight A of the document cannot tell). IMMUTABLE as talent_document is, for the same reason.
CREATE OR REPLACE FUNCTION talent_strong_document(headline text, skills text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('english', coalesce(headline, '') || ' ' || array_to_string(skills, ' ')) $$;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "strong_document" "tsvector" GENERATED ALWAYS AS (talent_strong_document(headline, skills)) STORED;--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_strong_document_idx" ON "applicant_profiles" USING gin ("strong_document") WHERE "applicant_profiles"."listed";--> statement-breakpoint
-- Proven skills: the claimed skills a passed public test shows, because the test's name names the skill
-- ("Python Assessment" shows Python) or a job requiring the test asks for it. Public tests only: the
-- set is the same for every company that searches, and one company's private tests are its own business.
ALTER TABLE "applicant_profiles" ADD COLUMN "proven_skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_proven_skill_keys(applicant uuid, skills text[]) RETURNS text[]
  LANGUAGE sql STABLE
  AS $$
  SELECT coalesce(array_agg(DISTINCT claimed ORDER BY claimed), '{}')
  FROM unnest(jobs_skill_keys(skills)) AS claimed
  WHERE EXISTS (
    SELECT 1 FROM test_attempts AS attempt JOIN tests AS test ON test.id = attempt.test_id
    WHERE attempt.applicant_id = applicant AND attempt.status = 'graded' AND attempt.passed AND test.is_public
      AND (to_tsvector('simple', test.name) @@ phraseto_tsquery('simple', claimed)
        OR EXISTS (SELECT 1 FROM job_tests JOIN jobs ON jobs.id = job_tests.job_id
          WHERE job_tests.test_id = test.id AND claimed = ANY (jobs.skill_keys))))
  $$;--> statement-breakpoint
-- Everyone who passed a test, worked out again: the test's name, whether it is public or the jobs
-- requiring it changed.
CREATE OR REPLACE FUNCTION talent_refresh_proven_skills_of_test(test uuid) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE applicant_profiles SET proven_skill_keys = talent_proven_skill_keys(user_id, skills)
  WHERE user_id IN (SELECT applicant_id FROM test_attempts WHERE test_id = test AND status = 'graded' AND passed)
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_proven_skills_follow_attempt() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE applicant_profiles SET proven_skill_keys = talent_proven_skill_keys(user_id, skills)
      WHERE user_id = OLD.applicant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE applicant_profiles SET proven_skill_keys = talent_proven_skill_keys(user_id, skills)
      WHERE user_id = NEW.applicant_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER test_attempts_proven_skills
  AFTER INSERT OR DELETE OR UPDATE OF status, passed, applicant_id, test_id
  ON test_attempts FOR EACH ROW EXECUTE FUNCTION talent_proven_skills_follow_attempt();--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_proven_skills_follow_profile() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.proven_skill_keys := talent_proven_skill_keys(NEW.user_id, NEW.skills);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applicant_profiles_proven_skills
  BEFORE INSERT OR UPDATE OF skills
  ON applicant_profiles FOR EACH ROW EXECUTE FUNCTION talent_proven_skills_follow_profile();--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_proven_skills_follow_test() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'tests' THEN
    PERFORM talent_refresh_proven_skills_of_test(NEW.id);
  ELSIF TG_TABLE_NAME = 'jobs' THEN
    PERFORM talent_refresh_proven_skills_of_test(test_id) FROM job_tests WHERE job_id = NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM talent_refresh_proven_skills_of_test(OLD.test_id);
  ELSE
    PERFORM talent_refresh_proven_skills_of_test(NEW.test_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tests_proven_skills AFTER UPDATE OF name, is_public
  ON tests FOR EACH ROW EXECUTE FUNCTION talent_proven_skills_follow_test();--> statement-breakpoint
CREATE TRIGGER job_tests_proven_skills AFTER INSERT OR DELETE
  ON job_tests FOR EACH ROW EXECUTE FUNCTION talent_proven_skills_follow_test();--> statement-breakpoint
CREATE TRIGGER jobs_proven_skills AFTER UPDATE OF skill_tags
  ON jobs FOR EACH ROW EXECUTE FUNCTION talent_proven_skills_follow_test();--> statement-breakpoint
UPDATE applicant_profiles SET proven_skill_keys = talent_proven_skill_keys(user_id, skills)
  WHERE user_id IN (SELECT applicant_id FROM test_attempts WHERE status = 'graded' AND passed);--> statement-breakpoint
-- The sort orders' indexes carry every column a filter, a sort or a facet count reads, so that a search
-- walks one without reading the table: a filter that matches late in the order (Python developers by
-- rate, high to low) costs index tuples, not a random table page per profile passed over, and a narrow
-- range (rate 90-95, expert, Africa) is counted from the index alone. Drizzle cannot declare INCLUDE.
DROP INDEX "applicant_profiles_listed_rate_idx";--> statement-breakpoint
DROP INDEX "applicant_profiles_listed_rating_idx";--> statement-breakpoint
DROP INDEX "applicant_profiles_listed_active_idx";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_rate_idx" ON "applicant_profiles" USING btree ("hourly_rate_cents", "user_id")
  INCLUDE ("skill_keys", "experience_level", "availability", "region", "timezone", "id_verified_at", "background_checked_at", "proven_skill_keys", "rating_tenths", "hours_billed", "last_active_at")
  WHERE "applicant_profiles"."listed";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_rating_idx" ON "applicant_profiles" USING btree ("rating_tenths" DESC NULLS LAST, "hours_billed" DESC, "user_id")
  INCLUDE ("skill_keys", "experience_level", "availability", "region", "timezone", "id_verified_at", "background_checked_at", "proven_skill_keys", "hourly_rate_cents", "last_active_at")
  WHERE "applicant_profiles"."listed";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_active_idx" ON "applicant_profiles" USING btree ("last_active_at" DESC NULLS LAST, "user_id")
  INCLUDE ("skill_keys", "experience_level", "availability", "region", "timezone", "id_verified_at", "background_checked_at", "proven_skill_keys", "hourly_rate_cents", "rating_tenths", "hours_billed")
  WHERE "applicant_profiles"."listed";--> statement-breakpoint
-- Proven Skills puts the profiles with a proven skill first, in the record's order: few have one, and
-- this index holds just them.
CREATE INDEX "applicant_profiles_listed_proven_idx" ON "applicant_profiles" USING btree ("rating_tenths" DESC NULLS LAST, "hours_billed" DESC, "user_id")
  INCLUDE ("skill_keys", "experience_level", "availability", "region", "timezone", "id_verified_at", "background_checked_at", "proven_skill_keys", "hourly_rate_cents", "last_active_at")
  WHERE "applicant_profiles"."listed" AND cardinality("applicant_profiles"."proven_skill_keys") > 0;--> statement-breakpoint
-- The working-hours overlap filter: the time zones listed profiles are in, counted as talent_skills
-- counts skills (migration 0013), whoever writes the profile.
CREATE TABLE "talent_time_zones" (
	"name" text PRIMARY KEY NOT NULL,
	"profile_count" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_time_zones_follow_profile() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.listed AND OLD.timezone IS NOT NULL THEN
    UPDATE talent_time_zones SET profile_count = profile_count - 1 WHERE name = OLD.timezone;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.listed AND NEW.timezone IS NOT NULL THEN
    INSERT INTO talent_time_zones AS known (name, profile_count) VALUES (NEW.timezone, 1)
      ON CONFLICT (name) DO UPDATE SET profile_count = known.profile_count + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applicant_profiles_talent_time_zones
  AFTER INSERT OR DELETE OR UPDATE OF timezone, skills, headline, summary, hourly_rate_cents, experience_level, availability, region
  ON applicant_profiles FOR EACH ROW EXECUTE FUNCTION talent_time_zones_follow_profile();--> statement-breakpoint
INSERT INTO talent_time_zones (name, profile_count)
  SELECT timezone, count(*) FROM applicant_profiles WHERE listed AND timezone IS NOT NULL GROUP BY timezone;
