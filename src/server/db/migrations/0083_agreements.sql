CREATE TYPE "public"."agreement_party" AS ENUM('talent', 'company');--> statement-breakpoint
CREATE TYPE "public"."agreement_status" AS ENUM('awaiting_talent', 'awaiting_company', 'completed', 'declined', 'voided');--> statement-breakpoint
CREATE TYPE "public"."signature_kind" AS ENUM('typed', 'drawn');--> statement-breakpoint
ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'agreement_signature';--> statement-breakpoint
ALTER TYPE "public"."stored_file_kind" ADD VALUE 'agreement';--> statement-breakpoint
CREATE TABLE "agreement_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"default_templates" text[] DEFAULT '{}'::text[] NOT NULL,
	"countersign" boolean DEFAULT true NOT NULL,
	"work_waits_for_signatures" boolean DEFAULT true NOT NULL,
	"governing_law" text DEFAULT '' NOT NULL,
	"notice_period" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_signatures" (
	"agreement_id" uuid NOT NULL,
	"party" "agreement_party" NOT NULL,
	"signer_id" uuid,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"signer_title" text DEFAULT '' NOT NULL,
	"kind" "signature_kind" NOT NULL,
	"typed_name" text,
	"drawing" text,
	"consented_at" timestamp with time zone NOT NULL,
	"identity_check" text NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agreement_signatures_agreement_id_party_pk" PRIMARY KEY("agreement_id","party")
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"application_id" uuid,
	"assignment_id" uuid,
	"kind" "agreement_kind" NOT NULL,
	"template_id" uuid,
	"template_version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"countersign" boolean NOT NULL,
	"blocks_work" boolean NOT NULL,
	"status" "agreement_status" DEFAULT 'awaiting_talent' NOT NULL,
	"sent_by_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"decline_reason" text,
	"ended_at" timestamp with time zone,
	"ended_by_id" uuid,
	"completed_at" timestamp with time zone,
	"sealed_file_id" uuid,
	"sealed_sha256" text
);
--> statement-breakpoint
ALTER TABLE "agreement_settings" ADD CONSTRAINT "agreement_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_ended_by_id_users_id_fk" FOREIGN KEY ("ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_sealed_file_id_stored_files_id_fk" FOREIGN KEY ("sealed_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_signatures_signer_idx" ON "agreement_signatures" USING btree ("signer_id");--> statement-breakpoint
CREATE INDEX "agreements_company_idx" ON "agreements" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE INDEX "agreements_applicant_idx" ON "agreements" USING btree ("applicant_id","sent_at");--> statement-breakpoint
CREATE INDEX "agreements_application_idx" ON "agreements" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "agreements_assignment_idx" ON "agreements" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "agreements_template_idx" ON "agreements" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "agreements_sent_by_idx" ON "agreements" USING btree ("sent_by_id");--> statement-breakpoint
CREATE INDEX "agreements_ended_by_idx" ON "agreements" USING btree ("ended_by_id");--> statement-breakpoint
CREATE INDEX "agreements_sealed_file_idx" ON "agreements" USING btree ("sealed_file_id");--> statement-breakpoint
CREATE INDEX "agreements_sent_at_idx" ON "agreements" USING btree ("sent_at");--> statement-breakpoint
-- hand-written: what an agreement says never changes once sent, nor its sealed PDF once sealed (decision 056).
CREATE OR REPLACE FUNCTION agreements_refuse_change() RETURNS trigger AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title OR NEW.body IS DISTINCT FROM OLD.body OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.applicant_id IS DISTINCT FROM OLD.applicant_id
     OR NEW.countersign IS DISTINCT FROM OLD.countersign THEN
    RAISE EXCEPTION 'an agreement''s text and parties never change once sent: void it and send a new one';
  END IF;
  IF OLD.sealed_file_id IS NOT NULL AND (NEW.sealed_file_id IS DISTINCT FROM OLD.sealed_file_id
     OR NEW.sealed_sha256 IS DISTINCT FROM OLD.sealed_sha256 OR NEW.status IS DISTINCT FROM OLD.status) THEN
    RAISE EXCEPTION 'a signed agreement never changes';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER agreements_never_changed
  BEFORE UPDATE ON "agreements"
  FOR EACH ROW EXECUTE FUNCTION agreements_refuse_change();
--> statement-breakpoint
-- Only the link to the signer's account may go (set null); what was signed, by whom, how, stays.
CREATE OR REPLACE FUNCTION agreement_signatures_refuse_change() RETURNS trigger AS $$
BEGIN
  IF (to_jsonb(NEW) - 'signer_id') IS DISTINCT FROM (to_jsonb(OLD) - 'signer_id') THEN
    RAISE EXCEPTION 'a signature is never changed';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER agreement_signatures_never_changed
  BEFORE UPDATE ON "agreement_signatures"
  FOR EACH ROW EXECUTE FUNCTION agreement_signatures_refuse_change();
