CREATE TABLE "decision_wait_counts" (
	"month" boolean NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rejection_counts" (
	"month" boolean NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"file_type" text NOT NULL,
	"reason" "rejection_reason" NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"time_zone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_decisions" ADD COLUMN "wait_seconds" double precision GENERATED ALWAYS AS (extract(epoch from at - submitted_at)::float8) STORED;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD COLUMN "wait_bucket" smallint GENERATED ALWAYS AS (floor(ln(1 + greatest(extract(epoch from at - submitted_at)::float8, 0)) * 16 / ln(2::float8))::smallint) STORED;--> statement-breakpoint
CREATE INDEX "decision_wait_counts_idx" ON "decision_wait_counts" USING btree ("month","day","kind","bucket","n");--> statement-breakpoint
CREATE INDEX "rejection_counts_idx" ON "rejection_counts" USING btree ("month","day","kind","file_type","reason","n");--> statement-breakpoint
CREATE INDEX "review_decisions_waits_idx" ON "review_decisions" USING btree ("kind","wait_bucket","wait_seconds","at") WHERE "review_decisions"."subject" = 'set' and "review_decisions"."submitted_at" is not null;