DROP INDEX "frequency_files_quarantined_idx";--> statement-breakpoint
DROP INDEX "unit_files_quarantined_idx";--> statement-breakpoint
CREATE INDEX "frequency_files_quarantined_idx" ON "frequency_files" USING btree ("quarantined_at","key") WHERE "frequency_files"."quarantined_at" is not null;--> statement-breakpoint
CREATE INDEX "unit_files_quarantined_idx" ON "unit_files" USING btree ("quarantined_at","key") WHERE "unit_files"."quarantined_at" is not null;