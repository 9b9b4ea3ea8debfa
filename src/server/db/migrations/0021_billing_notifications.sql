ALTER TYPE "public"."notification_type" ADD VALUE 'assignment_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'timesheet_submitted';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'timesheet_reviewed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'invoice_issued';