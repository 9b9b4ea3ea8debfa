ALTER TABLE "billing_profiles" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "address_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "address_line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billed_to_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billed_to_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billed_to_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every invoice so far was printed as from "Tandem", with no address or tax id on either side.
UPDATE "invoices" SET "seller_name" = 'Tandem';--> statement-breakpoint
-- Both parties as they are when the invoice is issued, whatever path inserts it (decision 044): the buyer
-- from its billing profile (its legal name, or the company's name without one), the seller from the
-- platform's invoice_seller setting. Changing either afterwards changes no issued invoice.
CREATE OR REPLACE FUNCTION invoices_name_buyer() RETURNS trigger AS $$
DECLARE
  seller jsonb;
BEGIN
  IF NEW."billed_to_name" = '' THEN
    SELECT coalesce(nullif(p."legal_name", ''), c."name"),
           concat_ws(E'\n', nullif(p."address_line1", ''), nullif(p."address_line2", ''),
                     nullif(concat_ws(' ', nullif(concat_ws(', ', nullif(p."city", ''), nullif(p."region", '')), ''),
                                      nullif(p."postal_code", '')), '')),
           coalesce(p."country", ''), coalesce(p."tax_id", '')
      INTO NEW."billed_to_name", NEW."billed_to_address", NEW."billed_to_country", NEW."billed_to_tax_id"
      FROM "companies" c LEFT JOIN "billing_profiles" p ON p."company_id" = c."id"
      WHERE c."id" = NEW."company_id";
  END IF;
  IF NEW."seller_name" = '' THEN
    SELECT "value" INTO seller FROM "platform_settings" WHERE "key" = 'invoice_seller';
    NEW."seller_name" := coalesce(nullif(seller->>'legal_name', ''), 'Tandem');
    NEW."seller_address" := coalesce(seller->>'address', '');
    NEW."seller_tax_id" := coalesce(seller->>'tax_id', '');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
