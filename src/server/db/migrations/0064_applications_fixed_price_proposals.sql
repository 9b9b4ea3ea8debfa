ALTER TABLE "applications" ADD COLUMN "proposal_price_cents" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "proposal_milestones" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_proposal_price_positive" CHECK ("applications"."proposal_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_one_proposal_kind" CHECK ("applications"."proposal_rate_cents" is null or ("applications"."proposal_price_cents" is null and "applications"."proposal_milestones" is null));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_milestones_have_price" CHECK ("applications"."proposal_milestones" is null or "applications"."proposal_price_cents" is not null);