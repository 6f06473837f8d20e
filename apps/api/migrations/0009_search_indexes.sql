-- Trigram indexes for the files screen's "contains" search (pg_trgm is a trusted extension: the
-- database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_search_idx" ON "accounts" USING gin ("key" gin_trgm_ops,"name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collaterals_search_idx" ON "collaterals" USING gin ("collateral_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "frequency_files_live_name_idx" ON "frequency_files" USING gin ("file_name" gin_trgm_ops) WHERE "frequency_files"."completed_at" is not null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "frequency_files_live_type_idx" ON "frequency_files" USING btree ("file_type") WHERE "frequency_files"."completed_at" is not null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unit_files_live_name_idx" ON "unit_files" USING gin ("file_name" gin_trgm_ops) WHERE "unit_files"."completed_at" is not null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unit_files_live_type_idx" ON "unit_files" USING btree ("file_type") WHERE "unit_files"."completed_at" is not null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "units_search_idx" ON "units" USING gin ("unit" gin_trgm_ops,"tower" gin_trgm_ops);