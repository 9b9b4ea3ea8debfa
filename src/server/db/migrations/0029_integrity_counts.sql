ALTER TABLE "test_attempts" ADD COLUMN "focus_losses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "pastes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "integrity_events_dropped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The attempts recorded before: their counts are what their timelines hold.
UPDATE "test_attempts" SET
  "focus_losses" = (SELECT count(*) FROM jsonb_array_elements("integrity_events") AS event WHERE event->>'type' = 'focus_lost'),
  "pastes" = (SELECT count(*) FROM jsonb_array_elements("integrity_events") AS event WHERE event->>'type' = 'paste')
WHERE jsonb_typeof("integrity_events") = 'array' AND jsonb_array_length("integrity_events") > 0;
