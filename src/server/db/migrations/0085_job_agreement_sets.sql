CREATE TABLE "job_agreement_sets" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"templates" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_agreement_sets" ADD CONSTRAINT "job_agreement_sets_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;