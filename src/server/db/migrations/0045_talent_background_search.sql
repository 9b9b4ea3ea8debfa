-- Talent Search's document gains the background (work history, education, certifications: written with the
-- lists), below the summary. A generated column's expression cannot change in place: it is made again, and
-- its index with it.
CREATE OR REPLACE FUNCTION talent_document(headline text, skills text[], summary text, background text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', coalesce(headline, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(skills, ' ')), 'A')
    || setweight(to_tsvector('english', coalesce(summary, '')), 'B')
    || setweight(to_tsvector('english', coalesce(background, '')), 'C') $$;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "background_text" text;--> statement-breakpoint
ALTER TABLE "applicant_profiles" drop column "document";--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "document" "tsvector" GENERATED ALWAYS AS (talent_document(headline, skills, summary, background_text)) STORED;--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_document_idx" ON "applicant_profiles" USING gin ("document") WHERE "applicant_profiles"."listed";--> statement-breakpoint
DROP FUNCTION talent_document(text, text[], text);--> statement-breakpoint
-- The background's searchable words: the work history's titles, companies and descriptions, the schools and
-- degrees, the certifications and their issuers, in the applicant's order; an entry's fields apart by commas
-- and the entries by dots, as a search result's excerpt of it reads (platform/candidate-views.ts). Written with
-- the lists (talent/replace-profile-background.ts), and once here for what profiles already list.
CREATE FUNCTION talent_background_text(applicant uuid) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(concat_ws(' · ',
    (SELECT string_agg(concat_ws(', ', title, company, nullif(description, '')), ' · ' ORDER BY position) FROM applicant_work_history WHERE applicant_id = applicant),
    (SELECT string_agg(concat_ws(', ', school, degree), ' · ' ORDER BY position) FROM applicant_education WHERE applicant_id = applicant),
    (SELECT string_agg(concat_ws(', ', name, issuer), ' · ' ORDER BY position) FROM applicant_certifications WHERE applicant_id = applicant)
  ), '') $$;--> statement-breakpoint
UPDATE "applicant_profiles" SET "background_text" = talent_background_text("user_id")
WHERE "user_id" IN (SELECT applicant_id FROM applicant_work_history
  UNION SELECT applicant_id FROM applicant_education
  UNION SELECT applicant_id FROM applicant_certifications);
