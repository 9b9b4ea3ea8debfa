CREATE TYPE "public"."alert_frequency" AS ENUM('daily', 'weekly', 'none');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'job_alert';--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"frequency" "alert_frequency" NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"alerted_up_to" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"next_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_applicant_created_idx" ON "saved_searches" USING btree ("applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_applicant_name_unique" ON "saved_searches" USING btree ("applicant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_unsubscribe_token_unique" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "saved_searches_next_alert_idx" ON "saved_searches" USING btree ("next_alert_at") WHERE "saved_searches"."next_alert_at" is not null;