CREATE TYPE "public"."agreement_kind" AS ENUM('contractor_agreement', 'nda', 'ip_assignment', 'statement_of_work', 'offer_letter');--> statement-breakpoint
CREATE TABLE "agreement_template_versions" (
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "agreement_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" "agreement_kind" NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agreement_template_versions" ADD CONSTRAINT "agreement_template_versions_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_template_versions" ADD CONSTRAINT "agreement_template_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_templates" ADD CONSTRAINT "agreement_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_template_versions_created_by_idx" ON "agreement_template_versions" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "agreement_templates_company_idx" ON "agreement_templates" USING btree ("company_id","created_at");--> statement-breakpoint
-- hand-written: a template's version is never changed (decision 056); an edit is the next version.
CREATE OR REPLACE FUNCTION agreement_template_versions_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'an agreement template''s version is never changed: save a new version';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER agreement_template_versions_never_changed
  BEFORE UPDATE ON "agreement_template_versions"
  FOR EACH ROW EXECUTE FUNCTION agreement_template_versions_refuse_change();
