CREATE TYPE "public"."stored_file_kind" AS ENUM('photo', 'attachment', 'answer');--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_index_pk" PRIMARY KEY("file_id","index"),
	CONSTRAINT "stored_file_chunks_index_check" CHECK ("stored_file_chunks"."index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" "stored_file_kind" NOT NULL,
	"name" text,
	"content_type" text NOT NULL,
	"byte_size" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"linked_at" timestamp with time zone,
	"imported_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_answers" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_file_id" uuid;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "stored_files_unlinked_idx" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."linked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_imported_from_unique" ON "stored_files" USING btree ("imported_from");--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_file_id_stored_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_answers_file_idx" ON "test_answers" USING btree ("file_id") WHERE "test_answers"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_attachment_file_idx" ON "messages" USING btree ("attachment_file_id") WHERE "messages"."attachment_file_id" is not null;--> statement-breakpoint
CREATE INDEX "applicant_profiles_photo_file_idx" ON "applicant_profiles" USING btree ("photo_file_id") WHERE "applicant_profiles"."photo_file_id" is not null;