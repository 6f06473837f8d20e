CREATE TYPE "public"."rejection_reason" AS ENUM('ILLEGIBLE', 'EXPIRED', 'WRONG_DOCUMENT', 'DETAILS_MISMATCH', 'INCOMPLETE', 'UNSIGNED', 'OTHER');--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_reminders" (
	"collateral_key" text NOT NULL,
	"frequency" smallint NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"kind" text NOT NULL,
	"step" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_reminders_collateral_key_frequency_month_year_kind_step_pk" PRIMARY KEY("collateral_key","frequency","month","year","kind","step")
);
--> statement-breakpoint
CREATE TABLE "noc_letters" (
	"letter_number" text PRIMARY KEY NOT NULL,
	"unit_key" text NOT NULL,
	"account_key" text NOT NULL,
	"details" jsonb NOT NULL,
	"storage_key" text,
	"sha256" text,
	"size" bigint,
	"issued_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"parent_key" text NOT NULL,
	"file_key" uuid,
	"file_type" text,
	"account_key" text NOT NULL,
	"outcome" "approval_status" NOT NULL,
	"rejection_reason" "rejection_reason",
	"submitted_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "collaterals" ADD COLUMN "monitoring_frequency" smallint;--> statement-breakpoint
ALTER TABLE "collaterals" ADD COLUMN "due_day" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "collaterals" ADD COLUMN "monitoring_since" date;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "rejection_reason" "rejection_reason";--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "scan_result" text;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "fraud_flags" jsonb;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "rejection_reason" "rejection_reason";--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "scan_result" text;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "fraud_flags" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_reminders" ADD CONSTRAINT "monitoring_reminders_collateral_key_collaterals_key_fk" FOREIGN KEY ("collateral_key") REFERENCES "public"."collaterals"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noc_letters" ADD CONSTRAINT "noc_letters_unit_key_units_key_fk" FOREIGN KEY ("unit_key") REFERENCES "public"."units"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noc_letters" ADD CONSTRAINT "noc_letters_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noc_letters" ADD CONSTRAINT "noc_letters_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noc_letters" ADD CONSTRAINT "noc_letters_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenges_token_hash_key" ON "mfa_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_idx" ON "mfa_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "noc_letters_unit_key" ON "noc_letters" USING btree ("unit_key");--> statement-breakpoint
CREATE INDEX "review_decisions_subject_at_idx" ON "review_decisions" USING btree ("subject","at");--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frequency_files_hash_idx" ON "frequency_files" USING btree ("file_hash","account_key") WHERE "frequency_files"."file_hash" is not null;--> statement-breakpoint
CREATE INDEX "frequency_files_quarantined_idx" ON "frequency_files" USING btree ("quarantined_at") WHERE "frequency_files"."quarantined_at" is not null;--> statement-breakpoint
CREATE INDEX "unit_files_hash_idx" ON "unit_files" USING btree ("file_hash","account_key") WHERE "unit_files"."file_hash" is not null;--> statement-breakpoint
CREATE INDEX "unit_files_quarantined_idx" ON "unit_files" USING btree ("quarantined_at") WHERE "unit_files"."quarantined_at" is not null;