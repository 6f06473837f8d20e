CREATE TABLE "table_counts" (
	"table" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "table_counts_idx" ON "table_counts" USING btree ("table","n");