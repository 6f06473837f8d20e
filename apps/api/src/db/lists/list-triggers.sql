-- The functions and triggers the lists rely on, as they are now: this file is their one current
-- definition, which a migration re-applies whenever it changes (every statement here is safe to
-- run again). To change one, edit this file, then add a migration carrying the statements that
-- changed, copied from here:
--   cd apps/api && npx drizzle-kit generate --custom --name <what changed>
-- and drop in that migration any function this file no longer has.
-- list-triggers.test.ts fails while the database's functions and triggers differ from this file.
--
-- Lists filter and count by account (account_key on units, frequencies and their files), so a
-- loan, project or collateral that the lender moves to another account takes its units and
-- frequencies along, and those take their files (the import sets account_key on the rows it
-- writes itself).
CREATE OR REPLACE FUNCTION "follow_opportunity_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "units" u SET "account_key" = NEW."account_key"
    FROM "projects" p
    WHERE p."opportunity_key" = NEW."key" AND u."project_key" = p."key"
      AND u."account_key" IS DISTINCT FROM NEW."account_key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "follow_project_opportunity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "units" u SET "account_key" = o."account_key"
    FROM "opportunities" o
    WHERE o."key" = NEW."opportunity_key" AND u."project_key" = NEW."key"
      AND u."account_key" IS DISTINCT FROM o."account_key";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rows of table TG_ARGV[0] whose column TG_ARGV[1] names this row take its account: one
-- function for three tables, its statement built as it runs, which account moves are rare enough
-- to afford.
CREATE OR REPLACE FUNCTION "follow_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE %I SET "account_key" = $1 WHERE %I = $2 AND "account_key" IS DISTINCT FROM $1',
    TG_ARGV[0], TG_ARGV[1]
  ) USING NEW."account_key", NEW."key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "opportunities_account_moved" AFTER UPDATE OF "account_key" ON "opportunities"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_opportunity_account"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "projects_opportunity_moved" AFTER UPDATE OF "opportunity_key" ON "projects"
  FOR EACH ROW WHEN (OLD."opportunity_key" IS DISTINCT FROM NEW."opportunity_key")
  EXECUTE FUNCTION "follow_project_opportunity"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "collaterals_account_moved" AFTER UPDATE OF "account_key" ON "collaterals"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_account"('frequencies', 'collateral_key');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "units_account_moved" AFTER UPDATE OF "account_key" ON "units"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_account"('unit_files', 'unit_key');--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_account_moved" AFTER UPDATE OF "account_key" ON "frequencies"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_account"('frequency_files', 'frequency_key');--> statement-breakpoint
-- list_counts (the lists' totals) follows every statement that inserts, updates or deletes units,
-- frequencies or their files: what left each (account, status) and what arrived, netted, appended
-- as rows, once under the account and once under '' (every account: the staff totals). Appending
-- takes no row lock, so concurrent changes in one account never wait for, or deadlock on, a
-- counter. Files count only while live: completed and not discarded. That is a second function,
-- not an argument of one: a filter chosen while the trigger runs needs a statement built then
-- (EXECUTE), planned anew on every write (~0.25 ms more a statement, measured), where these
-- statements are planned once per connection.
CREATE OR REPLACE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "approval_status", count(*)
        FROM "arrived" GROUP BY GROUPING SETS (("account_key", "approval_status"), ("approval_status"));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "approval_status", -count(*)
        FROM "departed" GROUP BY GROUPING SETS (("account_key", "approval_status"), ("approval_status"));
  ELSE
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "approval_status", sum("d")
        FROM (
          SELECT "account_key", "approval_status", -1 AS "d" FROM "departed"
          UNION ALL
          SELECT "account_key", "approval_status", 1 FROM "arrived"
        ) "moves"
        GROUP BY GROUPING SETS (("account_key", "approval_status"), ("approval_status"))
        HAVING sum("d") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_live_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "approval_status", count(*)
        FROM "arrived" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL
        GROUP BY GROUPING SETS (("account_key", "approval_status"), ("approval_status"));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "approval_status", -count(*)
        FROM "departed" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL
        GROUP BY GROUPING SETS (("account_key", "approval_status"), ("approval_status"));
  ELSE
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "approval_status", sum("d")
        FROM (
          SELECT "account_key", "approval_status", -1 AS "d" FROM "departed" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL
          UNION ALL
          SELECT "account_key", "approval_status", 1 FROM "arrived" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL
        ) "moves"
        GROUP BY GROUPING SETS (("account_key", "approval_status"), ("approval_status"))
        HAVING sum("d") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "units_counted_insert" AFTER INSERT ON "units"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "units_counted_update" AFTER UPDATE ON "units"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "units_counted_delete" AFTER DELETE ON "units"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_counted_insert" AFTER INSERT ON "frequencies"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_counted_update" AFTER UPDATE ON "frequencies"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_counted_delete" AFTER DELETE ON "frequencies"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "unit_files_counted_insert" AFTER INSERT ON "unit_files"
  REFERENCING NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "unit_files_counted_update" AFTER UPDATE ON "unit_files"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "unit_files_counted_delete" AFTER DELETE ON "unit_files"
  REFERENCING OLD TABLE AS "departed"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequency_files_counted_insert" AFTER INSERT ON "frequency_files"
  REFERENCING NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequency_files_counted_update" AFTER UPDATE ON "frequency_files"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequency_files_counted_delete" AFTER DELETE ON "frequency_files"
  REFERENCING OLD TABLE AS "departed"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
-- table_counts (the staff totals of accounts and loans) follows every statement that inserts or
-- deletes accounts or loans: their net change appended as a row, as list_counts is kept.
CREATE OR REPLACE FUNCTION "count_table_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "table_counts" ("table", "n")
      SELECT TG_TABLE_NAME, count(*) FROM "arrived" HAVING count(*) > 0;
  ELSE
    INSERT INTO "table_counts" ("table", "n")
      SELECT TG_TABLE_NAME, -count(*) FROM "departed" HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "accounts_counted_insert" AFTER INSERT ON "accounts"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "accounts_counted_delete" AFTER DELETE ON "accounts"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "opportunities_counted_insert" AFTER INSERT ON "opportunities"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "opportunities_counted_delete" AFTER DELETE ON "opportunities"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"();--> statement-breakpoint
-- The monitoring calendar's periods (monitoring_periods) of the collaterals `keys` (every
-- collateral's when null), named by a month after `after` (from the first when null) up to the
-- month of `through`, with the status of their frequency rows: the rule of the domain's
-- monitoringCalendar. Months are counted as year * 12 + month - 1; a monthly collateral's periods
-- are its months from the first monitored, a quarterly one's are named by their last month; each
-- is due on the due day of the month after it.
CREATE OR REPLACE FUNCTION "plan_monitoring_periods"("keys" text[], "after" date, "through" date)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "monitoring_periods" ("collateral_key", "account_key", "frequency", "year", "month",
      "due_date", "frequency_key", "approval_status")
    SELECT c."key", c."account_key", c."monitoring_frequency", p."index" / 12,
           p."index" % 12 + 1,
           make_date(("index" + 1) / 12, ("index" + 1) % 12 + 1, 1) + (c."due_day" - 1),
           f."key", f."approval_status"
      FROM "collaterals" c
      CROSS JOIN LATERAL (
        SELECT extract(year FROM c."monitoring_since")::int * 12
                 + extract(month FROM c."monitoring_since")::int - 1
                 + c."monitoring_frequency" - 1 AS "first",
               extract(year FROM "after")::int * 12 + extract(month FROM "after")::int - 1
                 AS "planned"
      ) m
      CROSS JOIN LATERAL generate_series(
        CASE WHEN m."planned" IS NULL OR m."planned" < m."first" THEN m."first"
             ELSE m."first" + ((m."planned" - m."first") / c."monitoring_frequency" + 1)
                                * c."monitoring_frequency" END,
        extract(year FROM "through")::int * 12 + extract(month FROM "through")::int - 1,
        c."monitoring_frequency"
      ) p("index")
      LEFT JOIN "frequencies" f ON f."collateral_key" = c."key"
        AND f."frequency" = c."monitoring_frequency"
        AND f."year" = p."index" / 12 AND f."month" = p."index" % 12 + 1
     WHERE ("keys" IS NULL OR c."key" = ANY("keys"))
       AND c."monitoring_frequency" IN (1, 3) AND c."monitoring_since" IS NOT NULL;
END $$;--> statement-breakpoint
-- A collateral inserted, or whose calendar or account changed, gets its periods anew, up to the
-- horizon. Sharing the horizon's row first makes an extension of the horizon wait for this
-- transaction, or this wait for it, so neither plans from a snapshot without the other's rows.
CREATE OR REPLACE FUNCTION "plan_collateral_periods"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text[];
  "horizon" date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("key") INTO "changed" FROM "arrived" WHERE "monitoring_frequency" IS NOT NULL;
  ELSE
    SELECT array_agg(a."key") INTO "changed"
      FROM "arrived" a JOIN "departed" d ON d."key" = a."key"
     WHERE (a."monitoring_frequency", a."monitoring_since", a."due_day", a."account_key")
       IS DISTINCT FROM (d."monitoring_frequency", d."monitoring_since", d."due_day", d."account_key");
  END IF;
  IF "changed" IS NULL THEN RETURN NULL; END IF;
  SELECT h."through" INTO "horizon" FROM "monitoring_period_horizon" h FOR SHARE;
  DELETE FROM "monitoring_periods" WHERE "collateral_key" = ANY("changed");
  PERFORM "plan_monitoring_periods"("changed", NULL, "horizon");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "collaterals_periods_insert" AFTER INSERT ON "collaterals"
  REFERENCING NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "plan_collateral_periods"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "collaterals_periods_update" AFTER UPDATE ON "collaterals"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "plan_collateral_periods"();--> statement-breakpoint
-- A frequency row added, reviewed, renamed or deleted restates its periods from the frequency
-- rows as they now are. Sharing the collaterals' rows (and the horizon's) first orders this after
-- a change of their calendar in flight, or that after this: whichever runs second reads the
-- other's rows, as each statement here takes a new snapshot.
CREATE OR REPLACE FUNCTION "follow_frequency_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "keys" text[];
  "steps" smallint[];
  "years" smallint[];
  "months" smallint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("collateral_key"), array_agg("frequency"), array_agg("year"), array_agg("month")
      INTO "keys", "steps", "years", "months" FROM "arrived";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("collateral_key"), array_agg("frequency"), array_agg("year"), array_agg("month")
      INTO "keys", "steps", "years", "months" FROM "departed";
  ELSE
    SELECT array_agg(t."collateral_key"), array_agg(t."frequency"), array_agg(t."year"),
           array_agg(t."month")
      INTO "keys", "steps", "years", "months"
      FROM "departed" d JOIN "arrived" a ON a."key" = d."key",
        LATERAL (VALUES (d."collateral_key", d."frequency", d."year", d."month"),
                        (a."collateral_key", a."frequency", a."year", a."month"))
          t("collateral_key", "frequency", "year", "month")
     WHERE (a."approval_status", a."collateral_key", a."frequency", a."year", a."month")
       IS DISTINCT FROM (d."approval_status", d."collateral_key", d."frequency", d."year", d."month");
  END IF;
  IF "keys" IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM "collaterals" WHERE "key" = ANY("keys") ORDER BY "key" FOR SHARE;
  PERFORM 1 FROM "monitoring_period_horizon" FOR SHARE;
  UPDATE "monitoring_periods" p SET "frequency_key" = f."key", "approval_status" = f."approval_status"
    FROM unnest("keys", "steps", "years", "months") t("collateral_key", "frequency", "year", "month")
    LEFT JOIN "frequencies" f ON f."collateral_key" = t."collateral_key"
      AND f."frequency" = t."frequency" AND f."year" = t."year" AND f."month" = t."month"
   WHERE p."collateral_key" = t."collateral_key" AND p."frequency" = t."frequency"
     AND p."year" = t."year" AND p."month" = t."month"
     AND (p."frequency_key", p."approval_status") IS DISTINCT FROM (f."key", f."approval_status");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_periods_insert" AFTER INSERT ON "frequencies"
  REFERENCING NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "follow_frequency_status"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_periods_update" AFTER UPDATE ON "frequencies"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "follow_frequency_status"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "frequencies_periods_delete" AFTER DELETE ON "frequencies"
  REFERENCING OLD TABLE AS "departed"
  FOR EACH STATEMENT EXECUTE FUNCTION "follow_frequency_status"();--> statement-breakpoint
-- Plans every collateral's periods up to the month of `wanted` unless the horizon already reaches
-- it; answers the horizon. The horizon's row is locked only when it moves.
CREATE OR REPLACE FUNCTION "extend_monitoring_periods"("wanted" date) RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  "planned" date;
BEGIN
  SELECT "through" INTO "planned" FROM "monitoring_period_horizon";
  IF "planned" >= "wanted" THEN RETURN "planned"; END IF;
  SELECT "through" INTO "planned" FROM "monitoring_period_horizon" FOR UPDATE;
  IF "planned" >= "wanted" THEN RETURN "planned"; END IF;
  PERFORM "plan_monitoring_periods"(NULL, "planned", "wanted");
  UPDATE "monitoring_period_horizon" SET "through" = "wanted";
  RETURN "wanted";
END $$;--> statement-breakpoint
-- monitoring_period_counts follows monitoring_periods as list_counts follows the lists: each
-- statement's net change per (account, submitted, due date), appended, and again under ''.
CREATE OR REPLACE FUNCTION "count_monitoring_periods"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "monitoring_period_counts" ("account_key", "submitted", "due_date", "n")
      SELECT CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "submitted", "due_date", count(*)
        FROM "arrived"
        GROUP BY GROUPING SETS (("account_key", "submitted", "due_date"), ("submitted", "due_date"));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "monitoring_period_counts" ("account_key", "submitted", "due_date", "n")
      SELECT CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "submitted", "due_date", -count(*)
        FROM "departed"
        GROUP BY GROUPING SETS (("account_key", "submitted", "due_date"), ("submitted", "due_date"));
  ELSE
    INSERT INTO "monitoring_period_counts" ("account_key", "submitted", "due_date", "n")
      SELECT CASE WHEN grouping("account_key") = 1 THEN '' ELSE "account_key" END,
             "submitted", "due_date", sum("d")
        FROM (
          SELECT "account_key", "submitted", "due_date", -1 AS "d" FROM "departed"
          UNION ALL
          SELECT "account_key", "submitted", "due_date", 1 FROM "arrived"
        ) "moves"
        GROUP BY GROUPING SETS (("account_key", "submitted", "due_date"), ("submitted", "due_date"))
        HAVING sum("d") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "monitoring_periods_counted_insert" AFTER INSERT ON "monitoring_periods"
  REFERENCING NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_monitoring_periods"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "monitoring_periods_counted_update" AFTER UPDATE ON "monitoring_periods"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_monitoring_periods"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "monitoring_periods_counted_delete" AFTER DELETE ON "monitoring_periods"
  REFERENCING OLD TABLE AS "departed"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_monitoring_periods"();--> statement-breakpoint
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
$$;
