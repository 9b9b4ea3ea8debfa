CREATE TYPE "public"."nec_form_status" AS ENUM('issued', 'superseded');--> statement-breakpoint
CREATE TABLE "nec_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"tax_form_id" uuid NOT NULL,
	"status" "nec_form_status" DEFAULT 'issued' NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_business_name" text,
	"recipient_street" text NOT NULL,
	"recipient_city_line" text NOT NULL,
	"recipient_tin_type" "us_tin_type" NOT NULL,
	"recipient_tin_last4" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_address" text NOT NULL,
	"payer_ein" text NOT NULL,
	"payer_phone" text NOT NULL,
	"box1_cents" bigint NOT NULL,
	"pdf_file_id" uuid,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "nec_forms_box1_positive" CHECK ("nec_forms"."box1_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "nec_forms" ADD CONSTRAINT "nec_forms_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nec_forms" ADD CONSTRAINT "nec_forms_tax_form_id_tax_forms_id_fk" FOREIGN KEY ("tax_form_id") REFERENCES "public"."tax_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nec_forms" ADD CONSTRAINT "nec_forms_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nec_forms" ADD CONSTRAINT "nec_forms_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nec_forms_one_issued" ON "nec_forms" USING btree ("applicant_id","tax_year") WHERE "nec_forms"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "nec_forms_year_idx" ON "nec_forms" USING btree ("tax_year","status");--> statement-breakpoint
CREATE INDEX "nec_forms_tax_form_idx" ON "nec_forms" USING btree ("tax_form_id");--> statement-breakpoint
CREATE INDEX "nec_forms_pdf_file_idx" ON "nec_forms" USING btree ("pdf_file_id");--> statement-breakpoint
CREATE INDEX "nec_forms_issued_by_idx" ON "nec_forms" USING btree ("issued_by");--> statement-breakpoint
-- hand-written: an issued Form 1099-NEC says forever what it said (decision 055). Only its standing moves
-- (issued → superseded by a correction); its file link and issuer may be emptied by their own foreign keys.
CREATE OR REPLACE FUNCTION nec_forms_refuse_change() RETURNS trigger AS $$
BEGIN
  IF (NEW.applicant_id, NEW.tax_year, NEW.tax_form_id, NEW.corrected, NEW.recipient_name, NEW.recipient_business_name,
      NEW.recipient_street, NEW.recipient_city_line, NEW.recipient_tin_type, NEW.recipient_tin_last4, NEW.payer_name,
      NEW.payer_address, NEW.payer_ein, NEW.payer_phone, NEW.box1_cents, NEW.issued_at)
     IS DISTINCT FROM
     (OLD.applicant_id, OLD.tax_year, OLD.tax_form_id, OLD.corrected, OLD.recipient_name, OLD.recipient_business_name,
      OLD.recipient_street, OLD.recipient_city_line, OLD.recipient_tin_type, OLD.recipient_tin_last4, OLD.payer_name,
      OLD.payer_address, OLD.payer_ein, OLD.payer_phone, OLD.box1_cents, OLD.issued_at)
     OR (OLD.status = 'superseded' AND NEW.status <> 'superseded') THEN
    RAISE EXCEPTION 'an issued Form 1099-NEC is never changed: issue a corrected one';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER nec_forms_never_changed
  BEFORE UPDATE ON "nec_forms"
  FOR EACH ROW EXECUTE FUNCTION nec_forms_refuse_change();
