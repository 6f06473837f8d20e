CREATE TABLE "monitoring_period_counts" (
	"account_key" text NOT NULL,
	"submitted" boolean NOT NULL,
	"due_date" date NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_period_horizon" (
	"through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_periods" (
	"collateral_key" text NOT NULL,
	"account_key" text NOT NULL,
	"frequency" smallint NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"due_date" date NOT NULL,
	"frequency_key" text,
	"approval_status" "approval_status",
	"submitted" boolean GENERATED ALWAYS AS (coalesce(approval_status <> 'NOT_RAISED', false)) STORED NOT NULL,
	CONSTRAINT "monitoring_periods_collateral_key_frequency_year_month_pk" PRIMARY KEY("collateral_key","frequency","year","month")
);
--> statement-breakpoint
ALTER TABLE "monitoring_periods" ADD CONSTRAINT "monitoring_periods_collateral_key_collaterals_key_fk" FOREIGN KEY ("collateral_key") REFERENCES "public"."collaterals"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_period_counts_idx" ON "monitoring_period_counts" USING btree ("account_key","submitted","due_date","n");--> statement-breakpoint
CREATE INDEX "monitoring_periods_due_idx" ON "monitoring_periods" USING btree ("submitted","due_date","collateral_key","frequency");--> statement-breakpoint
CREATE INDEX "monitoring_periods_account_due_idx" ON "monitoring_periods" USING btree ("account_key","submitted","due_date","collateral_key","frequency");