ALTER TABLE "notifications" ADD COLUMN "email_handled_at" timestamp with time zone;--> statement-breakpoint
-- Notifications from before email preferences existed are not emailed now.
UPDATE "notifications" SET "email_handled_at" = "created_at";--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_handled_at" is null;--> statement-breakpoint
-- Tells every instance listening about a new notification ("user id:notification id"). PostgreSQL
-- delivers a NOTIFY only when its transaction commits, so a rolled-back change announces nothing.
CREATE OR REPLACE FUNCTION notifications_announce() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('notification_created', NEW.user_id::text || ':' || NEW.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_announce
  AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION notifications_announce();
