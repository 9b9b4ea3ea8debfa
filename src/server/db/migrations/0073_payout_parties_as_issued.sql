ALTER TABLE "payouts" ADD COLUMN "paid_to_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_to_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The payouts made so far name the talent as they are named now: an earlier rename cannot be recovered.
UPDATE "payouts" p SET "paid_to_name" = u."name", "paid_to_email" = u."email", "payer_name" = 'Tandem'
  FROM "users" u WHERE u."id" = p."applicant_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION payouts_name_parties() RETURNS trigger AS $$
BEGIN
  IF NEW."paid_to_name" = '' THEN
    SELECT "name", "email" INTO NEW."paid_to_name", NEW."paid_to_email" FROM "users" WHERE "id" = NEW."applicant_id";
  END IF;
  IF NEW."payer_name" = '' THEN
    SELECT coalesce(nullif("value"->>'legal_name', ''), 'Tandem') INTO NEW."payer_name"
      FROM "platform_settings" WHERE "key" = 'invoice_seller';
    NEW."payer_name" := coalesce(NEW."payer_name", 'Tandem');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER payouts_name_parties
  BEFORE INSERT ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION payouts_name_parties();
