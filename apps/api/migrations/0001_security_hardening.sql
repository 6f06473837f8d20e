ALTER TABLE "one_time_codes" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "binding_hash" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload_redacted" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "frequency_files_pending_creator_idx" ON "frequency_files" USING btree ("created_by","created_at") WHERE "frequency_files"."completed_at" is null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "frequency_files_pending_created_idx" ON "frequency_files" USING btree ("created_at") WHERE "frequency_files"."completed_at" is null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_processed_idx" ON "outbox" USING btree ("status","processed_at");--> statement-breakpoint
CREATE INDEX "unit_files_pending_creator_idx" ON "unit_files" USING btree ("created_by","created_at") WHERE "unit_files"."completed_at" is null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unit_files_pending_created_idx" ON "unit_files" USING btree ("created_at") WHERE "unit_files"."completed_at" is null and "unit_files"."deleted_at" is null;