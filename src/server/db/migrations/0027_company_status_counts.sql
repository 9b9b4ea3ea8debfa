CREATE TABLE "company_status_counts" (
	"status" "user_status" PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "company_status_counts" ("status", "total")
SELECT s.status, (SELECT count(*) FROM "companies" c WHERE c."status" = s.status AND c."deleted_at" IS NULL)
FROM unnest(enum_range(NULL::"user_status")) AS s(status);--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_count_status() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."deleted_at" IS NULL THEN
    UPDATE "company_status_counts" SET "total" = "total" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."deleted_at" IS NULL THEN
    UPDATE "company_status_counts" SET "total" = "total" + 1 WHERE "status" = NEW."status";
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER companies_count_status
  AFTER INSERT OR DELETE OR UPDATE OF "status", "deleted_at" ON "companies"
  FOR EACH ROW EXECUTE FUNCTION companies_count_status();
