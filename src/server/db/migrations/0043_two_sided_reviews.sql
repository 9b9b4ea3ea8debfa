CREATE TYPE "public"."review_side" AS ENUM('company_of_talent', 'talent_of_company');--> statement-breakpoint
ALTER TYPE "public"."abuse_report_target" ADD VALUE 'review';--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"side" "review_side" NOT NULL,
	"applicant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" uuid,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rating_tenths" smallint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_id_users_id_fk" FOREIGN KEY ("hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_assignment_side_unique" ON "reviews" USING btree ("assignment_id","side");--> statement-breakpoint
CREATE INDEX "reviews_applicant_side_created_idx" ON "reviews" USING btree ("applicant_id","side","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_company_side_idx" ON "reviews" USING btree ("company_id","side");--> statement-breakpoint
CREATE INDEX "reviews_unrevealed_idx" ON "reviews" USING btree ("assignment_id") WHERE "reviews"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_rating_range" CHECK ("companies"."rating_tenths" between 10 and 50);--> statement-breakpoint
-- Assignments ended before reviews existed: their window runs from their last change (long closed for most).
UPDATE "assignments" SET "ended_at" = "updated_at" WHERE "status" = 'ended';