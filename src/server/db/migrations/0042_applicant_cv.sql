CREATE TYPE "public"."cv_text_status" AS ENUM('pending', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."cv_visibility" AS ENUM('all_companies', 'related_companies');--> statement-breakpoint
ALTER TYPE "public"."stored_file_kind" ADD VALUE 'cv';--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "cv_file_id" uuid;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "cv_visibility" "cv_visibility" DEFAULT 'related_companies' NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "cv_text_status" "cv_text_status";--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "cv_text" text;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "cv_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, cv_text)) STORED;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_cv_file_id_stored_files_id_fk" FOREIGN KEY ("cv_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_profiles_listed_cv_document_idx" ON "applicant_profiles" USING gin ("cv_document") WHERE "applicant_profiles"."listed" and "applicant_profiles"."cv_document" is not null;--> statement-breakpoint
CREATE INDEX "applicant_profiles_cv_file_idx" ON "applicant_profiles" USING btree ("cv_file_id") WHERE "applicant_profiles"."cv_file_id" is not null;