DROP INDEX "audit_logs_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_logs_actor_id_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_id_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_system_created_at_idx" ON "audit_logs" USING btree ("created_at","id") WHERE "audit_logs"."actor_id" is null;--> statement-breakpoint
CREATE INDEX "audit_logs_actor_id_created_at_idx" ON "audit_logs" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_created_at_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_email_created_at_idx" ON "audit_logs" USING btree (lower("actor_email"),"created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_target_id_created_at_idx" ON "audit_logs" USING btree ("target_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_target_type_created_at_idx" ON "audit_logs" USING btree ("target_type","created_at","id");