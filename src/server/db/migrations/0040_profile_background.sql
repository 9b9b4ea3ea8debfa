CREATE TYPE "public"."language_level" AS ENUM('A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native');--> statement-breakpoint
CREATE TABLE "applicant_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"issued_month" date NOT NULL,
	"expires_month" date,
	"credential_url" text,
	CONSTRAINT "applicant_certifications_dates" CHECK ("applicant_certifications"."expires_month" >= "applicant_certifications"."issued_month")
);
--> statement-breakpoint
CREATE TABLE "applicant_education" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"school" text NOT NULL,
	"degree" text NOT NULL,
	"start_year" smallint NOT NULL,
	"end_year" smallint,
	CONSTRAINT "applicant_education_years" CHECK ("applicant_education"."end_year" >= "applicant_education"."start_year")
);
--> statement-breakpoint
CREATE TABLE "applicant_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"language" text NOT NULL,
	"level" "language_level" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_portfolio_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "applicant_work_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"company" text NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date,
	"description" text,
	CONSTRAINT "applicant_work_history_dates" CHECK ("applicant_work_history"."end_month" >= "applicant_work_history"."start_month")
);
--> statement-breakpoint
ALTER TABLE "applicant_certifications" ADD CONSTRAINT "applicant_certifications_applicant_id_applicant_profiles_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicant_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_education" ADD CONSTRAINT "applicant_education_applicant_id_applicant_profiles_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicant_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_languages" ADD CONSTRAINT "applicant_languages_applicant_id_applicant_profiles_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicant_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_portfolio_links" ADD CONSTRAINT "applicant_portfolio_links_applicant_id_applicant_profiles_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicant_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_work_history" ADD CONSTRAINT "applicant_work_history_applicant_id_applicant_profiles_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicant_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_certifications_order_idx" ON "applicant_certifications" USING btree ("applicant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_education_order_idx" ON "applicant_education" USING btree ("applicant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_languages_order_idx" ON "applicant_languages" USING btree ("applicant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_portfolio_links_order_idx" ON "applicant_portfolio_links" USING btree ("applicant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_work_history_order_idx" ON "applicant_work_history" USING btree ("applicant_id","position");