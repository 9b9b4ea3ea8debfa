-- A person's time zone is the one they choose (docs/decisions/022). Until now the portal wrote each
-- browser's zone here without asking, so none of these values was chosen by anyone: they are cleared,
-- and each person is asked for theirs before they next schedule. An applicant's zone is their profile's
-- (applicant_profiles.timezone, untouched), never this column.
UPDATE "users" SET "time_zone" = NULL WHERE "time_zone" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_not_applicant" CHECK ("users"."role" <> 'applicant' or "users"."time_zone" is null);
