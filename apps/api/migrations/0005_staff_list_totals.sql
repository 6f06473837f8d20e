-- Staff lists' totals (every account) come from rows of their own, under the account key '' (no
-- account has it: imported keys are at least one character once trimmed):
-- the triggers append each change to the account's rows and to these, so a staff total sums a
-- row per status (and the changes since the last compaction), not a row per account.
-- Writers wait while the functions change and the totals are filled in, so no change is counted
-- by the old functions after the fill has read the table.
LOCK TABLE "list_counts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
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
INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
  SELECT "list", '', "approval_status", sum("n") FROM "list_counts" GROUP BY 1, 3;
