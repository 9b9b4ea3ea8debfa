-- Two shapes of search that read far more than they find, at a million profiles (issue 12).
--
-- A skill by rate (Python, highest rate first): rates follow roles, so the rate index walked from the top
-- passes over every profile charging more than any Python developer. Each skill keeps the range of its
-- profiles' rates, widened as profiles are written and never narrowed (a bound that is too wide is still
-- right), and the walk starts at the bound.
ALTER TABLE "talent_skills" ADD COLUMN "min_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "talent_skills" ADD COLUMN "max_rate_cents" integer;--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_skills_follow_profile() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.listed THEN
    UPDATE talent_skills SET profile_count = profile_count - 1
      WHERE key IN (SELECT DISTINCT lower(skill) FROM unnest(OLD.skills) AS skill);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.listed THEN
    INSERT INTO talent_skills AS known (key, name, profile_count, min_rate_cents, max_rate_cents)
      SELECT lower(skill), min(skill), 1, NEW.hourly_rate_cents, NEW.hourly_rate_cents
      FROM unnest(NEW.skills) AS skill GROUP BY lower(skill)
      ON CONFLICT (key) DO UPDATE SET profile_count = known.profile_count + 1,
        min_rate_cents = least(known.min_rate_cents, excluded.min_rate_cents),
        max_rate_cents = greatest(known.max_rate_cents, excluded.max_rate_cents);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE talent_skills SET min_rate_cents = ranges.low, max_rate_cents = ranges.high
  FROM (SELECT lower(skill) AS key, min(hourly_rate_cents) AS low, max(hourly_rate_cents) AS high
    FROM applicant_profiles, unnest(skills) AS skill WHERE listed GROUP BY lower(skill)) AS ranges
  WHERE talent_skills.key = ranges.key;--> statement-breakpoint
-- A place, a level and a narrow rate range (experts in Africa at $90-95): the rate index holds every
-- profile in the range, of any place and level; this one holds them by place and level first, and
-- carries what the filters, sorts and counts read, as the sort orders' indexes do (migration 0014).
CREATE INDEX "applicant_profiles_listed_place_level_rate_idx" ON "applicant_profiles" USING btree ("region", "experience_level", "hourly_rate_cents", "user_id")
  INCLUDE ("skill_keys", "availability", "timezone", "id_verified_at", "background_checked_at", "proven_skill_keys", "rating_tenths", "hours_billed", "last_active_at")
  WHERE "applicant_profiles"."listed";
