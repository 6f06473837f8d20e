CREATE TYPE "public"."approval_status" AS ENUM('NOT_RAISED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."code_purpose" AS ENUM('signup', 'password_reset');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'done', 'dead');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('client', 'approver', 'viewer', 'admin');--> statement-breakpoint
CREATE TYPE "public"."selected_noc" AS ENUM('Final', 'Provisional');--> statement-breakpoint
CREATE TYPE "public"."statement_status" AS ENUM('REQUESTED', 'FULFILLED');--> statement-breakpoint
CREATE TABLE "accounts" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text NOT NULL,
	"actor_role" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_key" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "collaterals" (
	"key" text PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"collateral_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frequencies" (
	"key" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"collateral_key" text NOT NULL,
	"frequency" smallint NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"approval_status" "approval_status" DEFAULT 'NOT_RAISED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frequency_files" (
	"frequency_key" text NOT NULL,
	"key" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text,
	"file_hash" text,
	"size" bigint,
	"content_type" text,
	"storage_key" text,
	"approval_status" "approval_status" DEFAULT 'NOT_RAISED' NOT NULL,
	"borrower_remarks" text,
	"approver_remarks" text,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_statement_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_key" text NOT NULL,
	"requested_by" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"borrower_remarks" text,
	"approver_remarks" text,
	"status" "statement_status" DEFAULT 'REQUESTED' NOT NULL,
	"file_name" text,
	"content_type" text,
	"size" bigint,
	"storage_key" text,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "code_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"key" text PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"name" text NOT NULL,
	"sanction_amount" numeric(18, 2) NOT NULL,
	"peak_exposure" numeric(18, 2) NOT NULL,
	"current_face" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"ordering_key" text,
	"payload" jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"key" text PRIMARY KEY NOT NULL,
	"opportunity_key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"federated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unit_files" (
	"unit_key" text NOT NULL,
	"key" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text,
	"file_hash" text,
	"size" bigint,
	"content_type" text,
	"storage_key" text,
	"approval_status" "approval_status" DEFAULT 'NOT_RAISED' NOT NULL,
	"borrower_remarks" text,
	"approver_remarks" text,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"key" text PRIMARY KEY NOT NULL,
	"project_key" text NOT NULL,
	"name" text NOT NULL,
	"tower" text NOT NULL,
	"floor" text NOT NULL,
	"unit" text NOT NULL,
	"area_sqft" numeric(12, 2) NOT NULL,
	"customer_name" text NOT NULL,
	"max_selling_price" numeric(18, 2) NOT NULL,
	"base_selling_price" numeric(18, 2) NOT NULL,
	"total_sale_value" numeric(18, 2) NOT NULL,
	"amount_to_be_received" numeric(18, 2) NOT NULL,
	"selected_noc" "selected_noc" NOT NULL,
	"approval_status" "approval_status" DEFAULT 'NOT_RAISED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"role" "role" NOT NULL,
	"account_key" text,
	"name" text,
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"oidc_subject" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaterals" ADD CONSTRAINT "collaterals_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequencies" ADD CONSTRAINT "frequencies_collateral_key_collaterals_key_fk" FOREIGN KEY ("collateral_key") REFERENCES "public"."collaterals"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequencies" ADD CONSTRAINT "frequencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD CONSTRAINT "frequency_files_frequency_key_frequencies_key_fk" FOREIGN KEY ("frequency_key") REFERENCES "public"."frequencies"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD CONSTRAINT "frequency_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statement_requests" ADD CONSTRAINT "loan_statement_requests_opportunity_key_opportunities_key_fk" FOREIGN KEY ("opportunity_key") REFERENCES "public"."opportunities"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statement_requests" ADD CONSTRAINT "loan_statement_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_opportunity_key_opportunities_key_fk" FOREIGN KEY ("opportunity_key") REFERENCES "public"."opportunities"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_files" ADD CONSTRAINT "unit_files_unit_key_units_key_fk" FOREIGN KEY ("unit_key") REFERENCES "public"."units"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_files" ADD CONSTRAINT "unit_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_project_key_projects_key_fk" FOREIGN KEY ("project_key") REFERENCES "public"."projects"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_key","id");--> statement-breakpoint
CREATE INDEX "collaterals_account_idx" ON "collaterals" USING btree ("account_key","key");--> statement-breakpoint
CREATE UNIQUE INDEX "frequencies_period_key" ON "frequencies" USING btree ("collateral_key","frequency","month","year");--> statement-breakpoint
CREATE INDEX "frequencies_status_updated_idx" ON "frequencies" USING btree ("approval_status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "frequency_files_live_slot_key" ON "frequency_files" USING btree ("frequency_key","file_type") WHERE "frequency_files"."deleted_at" is null and "frequency_files"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "frequency_files_frequency_idx" ON "frequency_files" USING btree ("frequency_key","file_type");--> statement-breakpoint
CREATE INDEX "loan_statement_requests_opportunity_idx" ON "loan_statement_requests" USING btree ("opportunity_key","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "opportunities_account_idx" ON "opportunities" USING btree ("account_key","key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_ordering_idx" ON "outbox" USING btree ("ordering_key","id");--> statement-breakpoint
CREATE INDEX "projects_opportunity_idx" ON "projects" USING btree ("opportunity_key","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_files_live_slot_key" ON "unit_files" USING btree ("unit_key","file_type") WHERE "unit_files"."deleted_at" is null and "unit_files"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "unit_files_unit_idx" ON "unit_files" USING btree ("unit_key","file_type");--> statement-breakpoint
CREATE INDEX "units_project_idx" ON "units" USING btree ("project_key","key");--> statement-breakpoint
CREATE INDEX "units_status_updated_idx" ON "units" USING btree ("approval_status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_key" ON "users" USING btree ("account_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_key" ON "users" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));