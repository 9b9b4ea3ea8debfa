CREATE TABLE "availability_days_off" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "availability_days_off_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "availability_weekly_hours" (
	"user_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"is_working" boolean NOT NULL,
	"starts_minute" integer NOT NULL,
	"ends_minute" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_weekly_hours_user_id_weekday_pk" PRIMARY KEY("user_id","weekday"),
	CONSTRAINT "availability_weekday_iso" CHECK ("availability_weekly_hours"."weekday" between 1 and 7),
	CONSTRAINT "availability_hours_in_day" CHECK ("availability_weekly_hours"."starts_minute" >= 0 and "availability_weekly_hours"."starts_minute" < "availability_weekly_hours"."ends_minute" and "availability_weekly_hours"."ends_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "booking_link_hosts" (
	"link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "booking_link_hosts_link_id_user_id_pk" PRIMARY KEY("link_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "booking_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"type" "meeting_type" NOT NULL,
	"title" text,
	"notes" text,
	"call_link" text,
	"duration_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"notice_minutes" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"meeting_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_links_call_link_https" CHECK ("booking_links"."call_link" is null or "booking_links"."call_link" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "availability_days_off" ADD CONSTRAINT "availability_days_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_weekly_hours" ADD CONSTRAINT "availability_weekly_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_link_hosts" ADD CONSTRAINT "booking_link_hosts_link_id_booking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."booking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_link_hosts" ADD CONSTRAINT "booking_link_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_link_hosts_user_idx" ON "booking_link_hosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "booking_links_invitee_idx" ON "booking_links" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "booking_links_organizer_idx" ON "booking_links" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "booking_links_meeting_idx" ON "booking_links" USING btree ("meeting_id");