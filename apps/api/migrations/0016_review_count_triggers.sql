-- The rejection report's kept counts: the functions and trigger of src/db/lists/list-triggers.sql
-- that keep them, the compaction folding them too, then every decision already logged counted in
-- the default BUSINESS_TIMEZONE (a server started with another zone recounts in its own).
-- The rejection report's counts (rejection_counts, decision_wait_counts) follow every statement
-- that inserts review decisions, which are never changed or deleted: the statement's rows counted
-- by day and by month of the time zone report_settings names (none while it names none). The
-- counting statements, for the rows of the table `source`, are one definition for the trigger
-- (each statement's new rows) and for a recount of them all (recount_review_decisions).
CREATE OR REPLACE FUNCTION "review_count_statements"("source" text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[format($q$
    INSERT INTO "rejection_counts" ("month", "day", "kind", "file_type", "reason", "n")
      SELECT g."month", g."day", d."kind", d."file_type", d."rejection_reason", count(*)
        FROM %1$I d CROSS JOIN "report_settings" s
        CROSS JOIN LATERAL (VALUES (false, (d."at" AT TIME ZONE s."time_zone")::date),
          (true, date_trunc('month', d."at" AT TIME ZONE s."time_zone")::date)) g("month", "day")
       WHERE d."subject" = 'file' AND d."outcome" = 'REJECTED'
         AND d."rejection_reason" IS NOT NULL AND d."file_type" IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5$q$, "source"), format($q$
    INSERT INTO "decision_wait_counts" ("month", "day", "kind", "bucket", "n")
      SELECT g."month", g."day", d."kind", d."wait_bucket", count(*)
        FROM %1$I d CROSS JOIN "report_settings" s
        CROSS JOIN LATERAL (VALUES (false, (d."at" AT TIME ZONE s."time_zone")::date),
          (true, date_trunc('month', d."at" AT TIME ZONE s."time_zone")::date)) g("month", "day")
       WHERE d."subject" = 'set' AND d."submitted_at" IS NOT NULL
       GROUP BY 1, 2, 3, 4$q$, "source")]
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_review_decisions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "statement" text;
BEGIN
  FOREACH "statement" IN ARRAY "review_count_statements"('arrived') LOOP
    EXECUTE "statement";
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "review_decisions_counted_insert" AFTER INSERT ON "review_decisions"
  REFERENCING NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_review_decisions"();--> statement-breakpoint
-- Counts every review decision afresh in the time zone `zone` and names it in report_settings,
-- unless that is the zone already counted in: a server started with another BUSINESS_TIMEZONE.
-- The lock keeps decisions from being inserted meanwhile (none counted twice or missed) and a
-- second recount waiting, to find the first done.
CREATE OR REPLACE FUNCTION "recount_review_decisions"("zone" text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "statement" text;
BEGIN
  LOCK TABLE "review_decisions" IN SHARE ROW EXCLUSIVE MODE;
  IF EXISTS (SELECT FROM "report_settings" WHERE "time_zone" = "zone") THEN
    RETURN;
  END IF;
  DELETE FROM "report_settings";
  INSERT INTO "report_settings" ("time_zone") VALUES ("zone");
  DELETE FROM "rejection_counts";
  DELETE FROM "decision_wait_counts";
  FOREACH "statement" IN ARRAY "review_count_statements"('review_decisions') LOOP
    EXECUTE "statement";
  END LOOP;
END $$;--> statement-breakpoint
-- Folds the appended rows of each (list, account, status) into one, those of each
-- (account, submitted, due date) of monitoring_period_counts, those of each table of
-- table_counts, and those of each key of the report's counts (hourly, compactListCounts).
-- Safe beside writers and other compactions: it deletes only rows its snapshot sees and inserts
-- exactly their sum.
CREATE OR REPLACE FUNCTION "compact_list_counts"() RETURNS void LANGUAGE sql AS $$
  WITH "folded" AS (
    SELECT "list", "account_key", "approval_status" FROM "list_counts"
      GROUP BY 1, 2, 3 HAVING count(*) > 1
  ), "gone" AS (
    DELETE FROM "list_counts" c USING "folded" f
      WHERE c."list" = f."list" AND c."account_key" = f."account_key"
        AND c."approval_status" = f."approval_status"
      RETURNING c."list", c."account_key", c."approval_status", c."n"
  )
  INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
    SELECT "list", "account_key", "approval_status", sum("n") FROM "gone" GROUP BY 1, 2, 3;
  WITH "folded" AS (
    SELECT "account_key", "submitted", "due_date" FROM "monitoring_period_counts"
      GROUP BY 1, 2, 3 HAVING count(*) > 1
  ), "gone" AS (
    DELETE FROM "monitoring_period_counts" c USING "folded" f
      WHERE c."account_key" = f."account_key" AND c."submitted" = f."submitted"
        AND c."due_date" = f."due_date"
      RETURNING c."account_key", c."submitted", c."due_date", c."n"
  )
  INSERT INTO "monitoring_period_counts" ("account_key", "submitted", "due_date", "n")
    SELECT "account_key", "submitted", "due_date", sum("n") FROM "gone" GROUP BY 1, 2, 3
      HAVING sum("n") <> 0;
  WITH "folded" AS (
    SELECT "table" FROM "table_counts" GROUP BY 1 HAVING count(*) > 1
  ), "gone" AS (
    DELETE FROM "table_counts" c USING "folded" f WHERE c."table" = f."table"
      RETURNING c."table", c."n"
  )
  INSERT INTO "table_counts" ("table", "n")
    SELECT "table", sum("n") FROM "gone" GROUP BY 1;
  WITH "folded" AS (
    SELECT "month", "day", "kind", "file_type", "reason" FROM "rejection_counts"
      GROUP BY 1, 2, 3, 4, 5 HAVING count(*) > 1
  ), "gone" AS (
    DELETE FROM "rejection_counts" c USING "folded" f
      WHERE c."month" = f."month" AND c."day" = f."day" AND c."kind" = f."kind"
        AND c."file_type" = f."file_type" AND c."reason" = f."reason"
      RETURNING c."month", c."day", c."kind", c."file_type", c."reason", c."n"
  )
  INSERT INTO "rejection_counts" ("month", "day", "kind", "file_type", "reason", "n")
    SELECT "month", "day", "kind", "file_type", "reason", sum("n") FROM "gone" GROUP BY 1, 2, 3, 4, 5;
  WITH "folded" AS (
    SELECT "month", "day", "kind", "bucket" FROM "decision_wait_counts"
      GROUP BY 1, 2, 3, 4 HAVING count(*) > 1
  ), "gone" AS (
    DELETE FROM "decision_wait_counts" c USING "folded" f
      WHERE c."month" = f."month" AND c."day" = f."day" AND c."kind" = f."kind"
        AND c."bucket" = f."bucket"
      RETURNING c."month", c."day", c."kind", c."bucket", c."n"
  )
  INSERT INTO "decision_wait_counts" ("month", "day", "kind", "bucket", "n")
    SELECT "month", "day", "kind", "bucket", sum("n") FROM "gone" GROUP BY 1, 2, 3, 4
$$;--> statement-breakpoint
SELECT "recount_review_decisions"('Asia/Kolkata');
