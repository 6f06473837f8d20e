ALTER TABLE "frequencies" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "replaces_key" uuid;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "previous_review" jsonb;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "replaces_key" uuid;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "previous_review" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD CONSTRAINT "frequency_files_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_files" ADD CONSTRAINT "unit_files_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;