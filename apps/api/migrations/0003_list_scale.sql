CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"account_key" text NOT NULL,
	"approval_status" "approval_status" NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "frequencies_status_updated_idx";--> statement-breakpoint
DROP INDEX "units_status_updated_idx";--> statement-breakpoint
ALTER TABLE "frequencies" ADD COLUMN "account_key" text;--> statement-breakpoint
UPDATE "frequencies" f SET "account_key" = c."account_key" FROM "collaterals" c WHERE c."key" = f."collateral_key";--> statement-breakpoint
ALTER TABLE "frequencies" ALTER COLUMN "account_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "frequencies" ADD COLUMN "waiting_since" timestamp with time zone GENERATED ALWAYS AS (coalesce(submitted_at, 'infinity'::timestamptz)) STORED;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD COLUMN "account_key" text;--> statement-breakpoint
ALTER TABLE "unit_files" ADD COLUMN "account_key" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "account_key" text;--> statement-breakpoint
UPDATE "units" u SET "account_key" = o."account_key" FROM "projects" p JOIN "opportunities" o ON o."key" = p."opportunity_key" WHERE p."key" = u."project_key";--> statement-breakpoint
ALTER TABLE "units" ALTER COLUMN "account_key" SET NOT NULL;--> statement-breakpoint
UPDATE "unit_files" f SET "account_key" = u."account_key" FROM "units" u WHERE u."key" = f."unit_key";--> statement-breakpoint
ALTER TABLE "unit_files" ALTER COLUMN "account_key" SET NOT NULL;--> statement-breakpoint
UPDATE "frequency_files" f SET "account_key" = q."account_key" FROM "frequencies" q WHERE q."key" = f."frequency_key";--> statement-breakpoint
ALTER TABLE "frequency_files" ALTER COLUMN "account_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "waiting_since" timestamp with time zone GENERATED ALWAYS AS (coalesce(submitted_at, 'infinity'::timestamptz)) STORED;--> statement-breakpoint
CREATE INDEX "list_counts_status_idx" ON "list_counts" USING btree ("list","approval_status","account_key","n");--> statement-breakpoint
CREATE INDEX "list_counts_account_idx" ON "list_counts" USING btree ("list","account_key","approval_status","n");--> statement-breakpoint
ALTER TABLE "frequencies" ADD CONSTRAINT "frequencies_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequency_files" ADD CONSTRAINT "frequency_files_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_files" ADD CONSTRAINT "unit_files_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_account_key_accounts_key_fk" FOREIGN KEY ("account_key") REFERENCES "public"."accounts"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frequencies_updated_idx" ON "frequencies" USING btree ("updated_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_waiting_idx" ON "frequencies" USING btree ("waiting_since","key");--> statement-breakpoint
CREATE INDEX "frequencies_status_waiting_idx" ON "frequencies" USING btree ("approval_status","waiting_since","key");--> statement-breakpoint
CREATE INDEX "frequencies_account_updated_idx" ON "frequencies" USING btree ("account_key","updated_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_account_status_updated_idx" ON "frequencies" USING btree ("account_key","approval_status","updated_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_account_waiting_idx" ON "frequencies" USING btree ("account_key","waiting_since","key");--> statement-breakpoint
CREATE INDEX "frequencies_account_status_waiting_idx" ON "frequencies" USING btree ("account_key","approval_status","waiting_since","key");--> statement-breakpoint
CREATE INDEX "frequencies_collateral_created_idx" ON "frequencies" USING btree ("collateral_key","created_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_collateral_status_idx" ON "frequencies" USING btree ("collateral_key","approval_status","created_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_collateral_frequency_idx" ON "frequencies" USING btree ("collateral_key","frequency","created_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_collateral_month_idx" ON "frequencies" USING btree ("collateral_key","month","created_at","key");--> statement-breakpoint
CREATE INDEX "frequencies_collateral_year_idx" ON "frequencies" USING btree ("collateral_key","year","created_at","key");--> statement-breakpoint
CREATE INDEX "frequency_files_live_idx" ON "frequency_files" USING btree ("created_at","key") WHERE "frequency_files"."completed_at" is not null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "frequency_files_live_status_idx" ON "frequency_files" USING btree ("approval_status","created_at","key") WHERE "frequency_files"."completed_at" is not null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "frequency_files_live_account_idx" ON "frequency_files" USING btree ("account_key","created_at","key") WHERE "frequency_files"."completed_at" is not null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "frequency_files_live_account_status_idx" ON "frequency_files" USING btree ("account_key","approval_status","created_at","key") WHERE "frequency_files"."completed_at" is not null and "frequency_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unit_files_live_idx" ON "unit_files" USING btree ("created_at","key") WHERE "unit_files"."completed_at" is not null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unit_files_live_status_idx" ON "unit_files" USING btree ("approval_status","created_at","key") WHERE "unit_files"."completed_at" is not null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unit_files_live_account_idx" ON "unit_files" USING btree ("account_key","created_at","key") WHERE "unit_files"."completed_at" is not null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unit_files_live_account_status_idx" ON "unit_files" USING btree ("account_key","approval_status","created_at","key") WHERE "unit_files"."completed_at" is not null and "unit_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "units_updated_idx" ON "units" USING btree ("updated_at","key");--> statement-breakpoint
CREATE INDEX "units_waiting_idx" ON "units" USING btree ("waiting_since","key");--> statement-breakpoint
CREATE INDEX "units_status_waiting_idx" ON "units" USING btree ("approval_status","waiting_since","key");--> statement-breakpoint
CREATE INDEX "units_project_updated_idx" ON "units" USING btree ("project_key","updated_at","key");--> statement-breakpoint
CREATE INDEX "units_project_status_updated_idx" ON "units" USING btree ("project_key","approval_status","updated_at","key");--> statement-breakpoint
CREATE INDEX "units_project_waiting_idx" ON "units" USING btree ("project_key","waiting_since","key");--> statement-breakpoint
CREATE INDEX "units_project_status_waiting_idx" ON "units" USING btree ("project_key","approval_status","waiting_since","key");--> statement-breakpoint
CREATE INDEX "units_account_updated_idx" ON "units" USING btree ("account_key","updated_at","key");--> statement-breakpoint
CREATE INDEX "units_account_status_updated_idx" ON "units" USING btree ("account_key","approval_status","updated_at","key");--> statement-breakpoint
CREATE INDEX "units_account_waiting_idx" ON "units" USING btree ("account_key","waiting_since","key");--> statement-breakpoint
CREATE INDEX "units_account_status_waiting_idx" ON "units" USING btree ("account_key","approval_status","waiting_since","key");--> statement-breakpoint
CREATE INDEX "units_project_status_idx" ON "units" USING btree ("project_key","approval_status","key");--> statement-breakpoint
CREATE INDEX "frequencies_status_updated_idx" ON "frequencies" USING btree ("approval_status","updated_at","key");--> statement-breakpoint
CREATE INDEX "units_status_updated_idx" ON "units" USING btree ("approval_status","updated_at","key");;--> statement-breakpoint
-- A loan, project or collateral that the lender moves to another account takes its units and
-- frequencies along (the import sets account_key on the rows it writes itself).
CREATE FUNCTION "follow_opportunity_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "units" u SET "account_key" = NEW."account_key"
    FROM "projects" p
    WHERE p."opportunity_key" = NEW."key" AND u."project_key" = p."key"
      AND u."account_key" IS DISTINCT FROM NEW."account_key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "opportunities_account_moved" AFTER UPDATE OF "account_key" ON "opportunities"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_opportunity_account"();--> statement-breakpoint
CREATE FUNCTION "follow_project_opportunity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "units" u SET "account_key" = o."account_key"
    FROM "opportunities" o
    WHERE o."key" = NEW."opportunity_key" AND u."project_key" = NEW."key"
      AND u."account_key" IS DISTINCT FROM o."account_key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_opportunity_moved" AFTER UPDATE OF "opportunity_key" ON "projects"
  FOR EACH ROW WHEN (OLD."opportunity_key" IS DISTINCT FROM NEW."opportunity_key")
  EXECUTE FUNCTION "follow_project_opportunity"();--> statement-breakpoint
CREATE FUNCTION "follow_collateral_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "frequencies" f SET "account_key" = NEW."account_key"
    WHERE f."collateral_key" = NEW."key" AND f."account_key" IS DISTINCT FROM NEW."account_key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collaterals_account_moved" AFTER UPDATE OF "account_key" ON "collaterals"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_collateral_account"();--> statement-breakpoint
-- A unit or frequency moved to another account takes its files along.
CREATE FUNCTION "follow_unit_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "unit_files" SET "account_key" = NEW."account_key" WHERE "unit_key" = NEW."key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "units_account_moved" AFTER UPDATE OF "account_key" ON "units"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_unit_account"();--> statement-breakpoint
CREATE FUNCTION "follow_frequency_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "frequency_files" SET "account_key" = NEW."account_key" WHERE "frequency_key" = NEW."key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "frequencies_account_moved" AFTER UPDATE OF "account_key" ON "frequencies"
  FOR EACH ROW WHEN (OLD."account_key" IS DISTINCT FROM NEW."account_key")
  EXECUTE FUNCTION "follow_frequency_account"();--> statement-breakpoint
-- list_counts follows every statement that inserts, updates or deletes units, frequencies or files:
-- what left each (account, status) and what arrived, netted, appended as rows. Appending takes no
-- row lock, so concurrent changes in one account never wait for, or deadlock on, a counter.
CREATE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, "account_key", "approval_status", count(*)
        FROM "arrived" GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, "account_key", "approval_status", -count(*)
        FROM "departed" GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, "account_key", "approval_status", sum("d")
        FROM (
          SELECT "account_key", "approval_status", -1 AS "d" FROM "departed"
          UNION ALL
          SELECT "account_key", "approval_status", 1 FROM "arrived"
        ) "moves"
        GROUP BY 1, 2, 3 HAVING sum("d") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Files count only while live: completed and not discarded.
CREATE FUNCTION "count_live_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, "account_key", "approval_status", count(*)
        FROM "arrived" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, "account_key", "approval_status", -count(*)
        FROM "departed" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
      SELECT TG_TABLE_NAME, "account_key", "approval_status", sum("d")
        FROM (
          SELECT "account_key", "approval_status", -1 AS "d" FROM "departed" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL
          UNION ALL
          SELECT "account_key", "approval_status", 1 FROM "arrived" WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL
        ) "moves"
        GROUP BY 1, 2, 3 HAVING sum("d") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "units_counted_insert" AFTER INSERT ON "units"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "units_counted_update" AFTER UPDATE ON "units"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "units_counted_delete" AFTER DELETE ON "units"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "frequencies_counted_insert" AFTER INSERT ON "frequencies"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "frequencies_counted_update" AFTER UPDATE ON "frequencies"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "frequencies_counted_delete" AFTER DELETE ON "frequencies"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "unit_files_counted_insert" AFTER INSERT ON "unit_files"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE TRIGGER "unit_files_counted_update" AFTER UPDATE ON "unit_files"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE TRIGGER "unit_files_counted_delete" AFTER DELETE ON "unit_files"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE TRIGGER "frequency_files_counted_insert" AFTER INSERT ON "frequency_files"
  REFERENCING NEW TABLE AS "arrived" FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE TRIGGER "frequency_files_counted_update" AFTER UPDATE ON "frequency_files"
  REFERENCING OLD TABLE AS "departed" NEW TABLE AS "arrived"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
CREATE TRIGGER "frequency_files_counted_delete" AFTER DELETE ON "frequency_files"
  REFERENCING OLD TABLE AS "departed" FOR EACH STATEMENT EXECUTE FUNCTION "count_live_files"();--> statement-breakpoint
INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
  SELECT 'units', "account_key", "approval_status", count(*) FROM "units" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
  SELECT 'frequencies', "account_key", "approval_status", count(*) FROM "frequencies" GROUP BY 1, 2, 3;;--> statement-breakpoint
INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
  SELECT 'unit_files', "account_key", "approval_status", count(*) FROM "unit_files"
    WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "list_counts" ("list", "account_key", "approval_status", "n")
  SELECT 'frequency_files', "account_key", "approval_status", count(*) FROM "frequency_files"
    WHERE "completed_at" IS NOT NULL AND "deleted_at" IS NULL GROUP BY 1, 2, 3;;--> statement-breakpoint
-- Folds the appended rows of each (list, account, status) into one. Safe beside writers and
-- other compactions: it deletes only rows its snapshot sees and inserts exactly their sum.
CREATE FUNCTION "compact_list_counts"() RETURNS void LANGUAGE sql AS $$
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
