CREATE TYPE "public"."company_size" AS ENUM('1-10', '11-50', '51-200', '201-500', '501-1000', '1001+');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "size" "company_size";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "location" text DEFAULT '' NOT NULL;