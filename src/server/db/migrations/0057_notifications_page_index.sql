DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
-- A page of a person's notifications is read from this index in order (ties by id: the old index left
-- every notification of the person to a bitmap scan and a sort, 185 ms at 30,000), and the list's total
-- and unread count are one index-only pass over it. Drizzle cannot declare INCLUDE.
CREATE INDEX "notifications_user_created_id_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("read_at");
