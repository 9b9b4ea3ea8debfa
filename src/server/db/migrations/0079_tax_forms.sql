CREATE TYPE "public"."admin_grant_name" AS ENUM('tax_data_reader');--> statement-breakpoint
CREATE TYPE "public"."tax_form_kind" AS ENUM('w9', 'w8ben');--> statement-breakpoint
CREATE TYPE "public"."tax_form_status" AS ENUM('active', 'superseded');--> statement-breakpoint
CREATE TYPE "public"."us_tin_type" AS ENUM('ssn', 'itin', 'ein');--> statement-breakpoint
CREATE TYPE "public"."w9_classification" AS ENUM('individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other');--> statement-breakpoint
ALTER TYPE "public"."stored_file_kind" ADD VALUE 'tax_form';--> statement-breakpoint
ALTER TYPE "public"."payout_exception" ADD VALUE 'tax_form_missing';--> statement-breakpoint
CREATE TABLE "admin_grants" (
	"user_id" uuid NOT NULL,
	"grant" "admin_grant_name" NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_grants_user_id_grant_pk" PRIMARY KEY("user_id","grant")
);
--> statement-breakpoint
CREATE TABLE "tax_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"kind" "tax_form_kind" NOT NULL,
	"status" "tax_form_status" DEFAULT 'active' NOT NULL,
	"legal_name" text NOT NULL,
	"business_name" text,
	"tax_classification" "w9_classification",
	"llc_classification" text,
	"other_classification" text,
	"has_foreign_partners" boolean DEFAULT false NOT NULL,
	"exempt_payee_code" text,
	"fatca_code" text,
	"citizenship_country" text,
	"address_street" text NOT NULL,
	"address_city" text NOT NULL,
	"address_country" text,
	"mailing_street" text,
	"mailing_city" text,
	"mailing_country" text,
	"us_tin_type" "us_tin_type",
	"us_tin_sealed" text,
	"us_tin_last4" text,
	"foreign_tin_sealed" text,
	"foreign_tin_last4" text,
	"foreign_tin_not_required_reason" text,
	"date_of_birth" date,
	"treaty_country" text,
	"treaty_article" text,
	"treaty_rate" text,
	"treaty_income_type" text,
	"treaty_conditions" text,
	"signature_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"electronic_consent_at" timestamp with time zone NOT NULL,
	"signed_from_ip" text,
	"expires_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"pdf_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_grants" ADD CONSTRAINT "admin_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_grants" ADD CONSTRAINT "admin_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_grants_granted_by_idx" ON "admin_grants" USING btree ("granted_by");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_forms_one_active" ON "tax_forms" USING btree ("applicant_id") WHERE "tax_forms"."status" = 'active';--> statement-breakpoint
CREATE INDEX "tax_forms_applicant_idx" ON "tax_forms" USING btree ("applicant_id","signed_at");--> statement-breakpoint
CREATE INDEX "tax_forms_expiring_idx" ON "tax_forms" USING btree ("expires_at") WHERE "tax_forms"."status" = 'active' and "tax_forms"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "tax_forms_pdf_file_idx" ON "tax_forms" USING btree ("pdf_file_id");--> statement-breakpoint
-- hand-written
-- Issue 56: payouts wait for a W-9 or W-8BEN in force, unless an administrator turns this off.
INSERT INTO "platform_settings" ("key", "value") VALUES ('payouts_require_tax_form', 'true') ON CONFLICT ("key") DO NOTHING;
