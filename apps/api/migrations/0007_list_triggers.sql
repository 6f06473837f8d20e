-- The lists' functions and triggers as src/db/lists/list-triggers.sql defines them, which is now
-- where they are kept: the three functions that moved a row's frequencies or files to its account
-- become follow_account(table, column).
-- The functions and triggers the lists rely on, as they are now: this file is their one current
-- definition, which a migration re-applies whenever it changes (every statement here is safe to
-- run again). To change one, edit this file, then add a migration made of it:
--   cd apps/api && npx drizzle-kit generate --custom --name <what changed>
--   cp src/db/lists/list-triggers.sql migrations/<the new migration>.sql
-- and drop in that migration, below the copy, any function this file no longer has.
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
-- Folds the appended rows of each (list, account, status) into one (hourly, compactListCounts).
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
    SELECT "list", "account_key", "approval_status", sum("n") FROM "gone" GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
DROP FUNCTION "follow_collateral_account"();--> statement-breakpoint
DROP FUNCTION "follow_unit_account"();--> statement-breakpoint
DROP FUNCTION "follow_frequency_account"();
