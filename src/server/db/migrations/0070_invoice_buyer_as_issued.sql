ALTER TABLE "invoices" ADD COLUMN "billed_to_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "invoices" i SET "billed_to_name" = c."name" FROM "companies" c WHERE c."id" = i."company_id";--> statement-breakpoint
-- An invoice names its buyer as the company is named when it is issued, whatever path inserts it; renaming
-- the company afterwards changes no issued invoice.
CREATE OR REPLACE FUNCTION invoices_name_buyer() RETURNS trigger AS $$
BEGIN
  IF NEW."billed_to_name" = '' THEN
    SELECT "name" INTO NEW."billed_to_name" FROM "companies" WHERE "id" = NEW."company_id";
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER invoices_name_buyer
  BEFORE INSERT ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_name_buyer();
