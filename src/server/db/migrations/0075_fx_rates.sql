CREATE TYPE "public"."fx_rate_source" AS ENUM('ecb', 'file', 'manual');--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"rate_date" date NOT NULL,
	"source" "fx_rate_source" NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_pair_day_source_unique" ON "fx_rates" USING btree ("base","quote","rate_date","source");--> statement-breakpoint
CREATE INDEX "fx_rates_pair_latest_idx" ON "fx_rates" USING btree ("base","quote","rate_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fx_rates_imported_by_idx" ON "fx_rates" USING btree ("imported_by");