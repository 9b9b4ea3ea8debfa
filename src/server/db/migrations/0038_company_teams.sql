ALTER TYPE "public"."notification_type" ADD VALUE 'note_mention';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'hiring_team_added';--> statement-breakpoint
CREATE TABLE "scorecards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"stage" "application_status" NOT NULL,
	"author_id" uuid NOT NULL,
	"ratings" jsonb NOT NULL,
	"overall_rating" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorecards_overall_rating_range" CHECK ("scorecards"."overall_rating" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "company_member_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_id" uuid,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_hiring_team" (
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_hiring_team_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_members" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_invitations" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "company_members" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
-- The colleagues added before roles existed could do everything but hand the company over: Admin.
UPDATE "company_members" SET "role" = 'admin' WHERE "role" = 'member';--> statement-breakpoint
-- One company per person (docs/decisions/032): a person in several keeps the one they joined first.
DELETE FROM "company_members" AS "later" USING "company_members" AS "earlier"
  WHERE "later"."user_id" = "earlier"."user_id"
    AND ("earlier"."created_at", "earlier"."company_id") < ("later"."created_at", "later"."company_id");--> statement-breakpoint
DROP TYPE "public"."company_member_role";--> statement-breakpoint
CREATE TYPE "public"."company_member_role" AS ENUM('owner', 'admin', 'hiring_manager', 'billing', 'viewer');--> statement-breakpoint
ALTER TABLE "company_invitations" ALTER COLUMN "role" SET DATA TYPE "public"."company_member_role" USING "role"::"public"."company_member_role";--> statement-breakpoint
ALTER TABLE "company_members" ALTER COLUMN "role" SET DATA TYPE "public"."company_member_role" USING "role"::"public"."company_member_role";--> statement-breakpoint
DROP INDEX "company_members_user_id_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "scorecard_criteria" text[];--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_hiring_team" ADD CONSTRAINT "job_hiring_team_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_hiring_team" ADD CONSTRAINT "job_hiring_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorecards_application_stage_author_unique" ON "scorecards" USING btree ("application_id","stage","author_id");--> statement-breakpoint
CREATE INDEX "scorecards_author_id_idx" ON "scorecards" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_hash_unique" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_open_email_unique" ON "company_invitations" USING btree ("company_id","email") WHERE "company_invitations"."accepted_at" is null and "company_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "company_invitations_company_created_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_invitations_invited_by_idx" ON "company_invitations" USING btree ("invited_by_id");--> statement-breakpoint
CREATE INDEX "company_invitations_accepted_by_idx" ON "company_invitations" USING btree ("accepted_by_id");--> statement-breakpoint
CREATE INDEX "job_hiring_team_user_id_idx" ON "job_hiring_team" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "message_templates_company_name_idx" ON "message_templates" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "message_templates_created_by_idx" ON "message_templates" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_id_unique" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_members_company_role_idx" ON "company_members" USING btree ("company_id","role");