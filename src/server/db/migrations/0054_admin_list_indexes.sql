CREATE INDEX "privacy_requests_queue_idx" ON "privacy_requests" USING btree (("status" = 'pending') desc,(case when "status" = 'pending' then "due_at" end),"processed_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tests_created_idx" ON "tests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tests_name_trgm_idx" ON "tests" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "milestones_title_trgm_idx" ON "milestones" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id","refunded_at");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_milestone_idx" ON "payments" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "companies_deleted_idx" ON "companies" USING btree ("id") WHERE "companies"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_launch_idx" ON "jobs" USING btree ((coalesce("published_at", "created_at")) desc,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);