ALTER TABLE "milestones" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "disputed_by_side" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "disputed_by" uuid;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "settled_by" uuid;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "settlement_note" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_disputed_by_users_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestones_disputed_idx" ON "milestones" USING btree ("disputed_at") WHERE "milestones"."disputed_at" is not null;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_dispute_whole" CHECK (("milestones"."disputed_at" is null) = ("milestones"."dispute_reason" is null and "milestones"."disputed_by_side" is null)
          and ("milestones"."disputed_by_side" is null or "milestones"."disputed_by_side" in ('company', 'applicant')));