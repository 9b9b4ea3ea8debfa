ALTER TYPE "public"."notification_type" ADD VALUE 'test_assigned';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'test_submitted';