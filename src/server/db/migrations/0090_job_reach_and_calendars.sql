CREATE TYPE "public"."application_source" AS ENUM('tandem', 'indeed', 'google', 'feed', 'shared_link', 'referral');--> statement-breakpoint
CREATE TYPE "public"."calendar_connection_status" AS ENUM('active', 'failing');--> statement-breakpoint
CREATE TYPE "public"."calendar_provider" AS ENUM('caldav', 'google', 'microsoft');--> statement-breakpoint
CREATE TABLE "calendar_busy_times" (
	"connection_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_times_connection_id_calendar_id_event_id_starts_at_pk" PRIMARY KEY("connection_id","calendar_id","event_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "calendar_provider" NOT NULL,
	"account_name" text NOT NULL,
	"server_url" text,
	"username" text,
	"credentials_sealed" text NOT NULL,
	"write_calendar_id" text,
	"status" "calendar_connection_status" DEFAULT 'active' NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_event_copies" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text NOT NULL,
	"etag" text,
	"sequence" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_event_copies_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "connected_calendars" (
	"connection_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"name" text NOT NULL,
	"checks_busy" boolean DEFAULT true NOT NULL,
	"sync_token" text,
	"ctag" text,
	"synced_at" timestamp with time zone,
	CONSTRAINT "connected_calendars_connection_id_calendar_id_pk" PRIMARY KEY("connection_id","calendar_id")
);
--> statement-breakpoint
CREATE TABLE "job_referral_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source" "application_source" DEFAULT 'tandem' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "referrer_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "closes_on" date;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "applicant_locations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_calendars" ADD CONSTRAINT "connected_calendars_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_referral_links" ADD CONSTRAINT "job_referral_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_referral_links" ADD CONSTRAINT "job_referral_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_range_idx" ON "calendar_busy_times" USING btree ("connection_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connections_account_unique" ON "calendar_connections" USING btree ("user_id","provider","account_name");--> statement-breakpoint
CREATE INDEX "calendar_connections_synced_idx" ON "calendar_connections" USING btree ("last_synced_at");--> statement-breakpoint
CREATE INDEX "calendar_event_copies_connection_idx" ON "calendar_event_copies" USING btree ("connection_id","calendar_id","event_id");--> statement-breakpoint
CREATE INDEX "calendar_event_copies_user_idx" ON "calendar_event_copies" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_referral_links_code_unique" ON "job_referral_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "job_referral_links_job_user_unique" ON "job_referral_links" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "job_referral_links_user_idx" ON "job_referral_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_referrer_idx" ON "applications" USING btree ("referrer_id") WHERE "applications"."referrer_id" is not null;--> statement-breakpoint
-- hand-written: jobs already taking applications get a closing date (the default validity, 60 days, from today)
-- so their JobPosting has a validThrough; the company can move it on the job form.
UPDATE "jobs" SET "closes_on" = current_date + 60 WHERE "status" IN ('open', 'paused') AND "closes_on" IS NULL;
