-- Talent Search's document: headline and skills rank above the summary. Declared IMMUTABLE (to_tsvector
-- with a fixed configuration is) so a generated column can call it.
CREATE OR REPLACE FUNCTION talent_document(headline text, skills text[], summary text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', coalesce(headline, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(skills, ' ')), 'A')
    || setweight(to_tsvector('english', coalesce(summary, '')), 'B') $$;--> statement-breakpoint
CREATE TABLE "shortlists" (
	"company_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"added_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlists_company_id_applicant_id_pk" PRIMARY KEY("company_id","applicant_id")
);
--> statement-breakpoint
CREATE TABLE "talent_skills" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"profile_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "rating_tenths" smallint;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "hours_billed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "id_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "background_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "document" "tsvector" GENERATED ALWAYS AS (talent_document(headline, skills, summary)) STORED;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "skill_keys" text[] GENERATED ALWAYS AS (jobs_skill_keys(skills)) STORED;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (headline is not null and summary is not null and hourly_rate_cents is not null and cardinality(skills) > 0 and experience_level is not null and availability is not null and region is not null) STORED;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlists_company_created_idx" ON "shortlists" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_inactive_idx" ON "users" USING btree ("id") WHERE "users"."status" <> 'active';--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_document_idx" ON "applicant_profiles" USING gin ("document") WHERE "applicant_profiles"."listed";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_skill_keys_idx" ON "applicant_profiles" USING gin ("skill_keys") WHERE "applicant_profiles"."listed";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_rate_idx" ON "applicant_profiles" USING btree ("hourly_rate_cents","user_id") WHERE "applicant_profiles"."listed";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_rating_idx" ON "applicant_profiles" USING btree ("rating_tenths" desc nulls last,"hours_billed" desc,"user_id") WHERE "applicant_profiles"."listed";--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_active_idx" ON "applicant_profiles" USING btree ("last_active_at" desc nulls last,"user_id") WHERE "applicant_profiles"."listed";--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_rating_range" CHECK ("applicant_profiles"."rating_tenths" between 10 and 50);--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_hours_billed" CHECK ("applicant_profiles"."hours_billed" >= 0);--> statement-breakpoint
-- talent_skills counts the listed profiles naming each skill (case aside), whoever writes the profile.
CREATE OR REPLACE FUNCTION talent_skills_follow_profile() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.listed THEN
    UPDATE talent_skills SET profile_count = profile_count - 1
      WHERE key IN (SELECT DISTINCT lower(skill) FROM unnest(OLD.skills) AS skill);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.listed THEN
    INSERT INTO talent_skills AS known (key, name, profile_count)
      SELECT lower(skill), min(skill), 1 FROM unnest(NEW.skills) AS skill GROUP BY lower(skill)
      ON CONFLICT (key) DO UPDATE SET profile_count = known.profile_count + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applicant_profiles_talent_skills
  AFTER INSERT OR DELETE OR UPDATE OF skills, headline, summary, hourly_rate_cents, experience_level, availability, region
  ON applicant_profiles FOR EACH ROW EXECUTE FUNCTION talent_skills_follow_profile();--> statement-breakpoint
INSERT INTO talent_skills (key, name, profile_count)
  SELECT lower(skill), min(skill), count(DISTINCT user_id)
  FROM applicant_profiles, unnest(skills) AS skill WHERE listed GROUP BY lower(skill);