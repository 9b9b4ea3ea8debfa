ALTER TABLE "invoices" ADD COLUMN "billed_to_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written
-- The seller's country and both parties' electronic addresses too, as issued (migration 0072's function, plus
-- those): the company's contact email, and the seller's billing email from the invoice_seller setting.
CREATE OR REPLACE FUNCTION invoices_name_buyer() RETURNS trigger AS $$
DECLARE
  seller jsonb;
BEGIN
  IF NEW."billed_to_name" = '' THEN
    SELECT coalesce(nullif(p."legal_name", ''), c."name"),
           concat_ws(E'\n', nullif(p."address_line1", ''), nullif(p."address_line2", ''),
                     nullif(concat_ws(' ', nullif(concat_ws(', ', nullif(p."city", ''), nullif(p."region", '')), ''),
                                      nullif(p."postal_code", '')), '')),
           coalesce(p."country", ''), coalesce(p."tax_id", ''), coalesce(c."contact_email", '')
      INTO NEW."billed_to_name", NEW."billed_to_address", NEW."billed_to_country", NEW."billed_to_tax_id",
           NEW."billed_to_email"
      FROM "companies" c LEFT JOIN "billing_profiles" p ON p."company_id" = c."id"
      WHERE c."id" = NEW."company_id";
  END IF;
  IF NEW."seller_name" = '' THEN
    SELECT "value" INTO seller FROM "platform_settings" WHERE "key" = 'invoice_seller';
    NEW."seller_name" := coalesce(nullif(seller->>'legal_name', ''), 'Tandem');
    NEW."seller_address" := coalesce(seller->>'address', '');
    NEW."seller_tax_id" := coalesce(seller->>'tax_id', '');
    NEW."seller_country" := coalesce(seller->>'country', '');
    NEW."seller_email" := coalesce(seller->>'email', '');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A credit note names both addresses as its invoice does; one of a funding never invoiced, as they are now.
UPDATE "credit_notes" c SET "parties" = c."parties" || jsonb_build_object('billedToEmail', i."billed_to_email", 'sellerEmail', i."seller_email")
  FROM "invoices" i WHERE i."id" = c."invoice_id";--> statement-breakpoint
UPDATE "credit_notes" c SET "parties" = c."parties" || jsonb_build_object(
    'billedToEmail', co."contact_email",
    'sellerEmail', coalesce((SELECT s."value"->>'email' FROM "platform_settings" s WHERE s."key" = 'invoice_seller'), ''))
  FROM "companies" co WHERE c."invoice_id" IS NULL AND co."id" = c."company_id";
