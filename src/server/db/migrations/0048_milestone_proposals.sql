CREATE TABLE "milestone_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"proposed_by_side" text NOT NULL,
	"proposed_by" uuid,
	"milestones" jsonb NOT NULL,
	"removed_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_proposals_side" CHECK ("milestone_proposals"."proposed_by_side" in ('company', 'applicant')),
	CONSTRAINT "milestone_proposals_status" CHECK ("milestone_proposals"."status" in ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "milestone_proposals" ADD CONSTRAINT "milestone_proposals_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_proposals" ADD CONSTRAINT "milestone_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_proposals" ADD CONSTRAINT "milestone_proposals_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_proposals_one_pending" ON "milestone_proposals" USING btree ("assignment_id") WHERE "milestone_proposals"."status" = 'pending';