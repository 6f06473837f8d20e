import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, describeDatabase, openDatabase, queryRows } from './client.ts';
import {
  migratedDataDir,
  openNewlyMigratedDatabase,
  openTestDatabase,
  testPostgresUrl,
} from '../../test/database.ts';
import { accounts } from './schema.ts';

describe('migrations', () => {
  it('create every table on the database under test', async () => {
    const handle = await openNewlyMigratedDatabase();
    try {
      const rows = await queryRows<{ table_name: string }>(
        handle.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      const tables = rows.map((r) => r.table_name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'accounts',
          'users',
          'sessions',
          'one_time_codes',
          'opportunities',
          'projects',
          'units',
          'unit_files',
          'collaterals',
          'frequencies',
          'frequency_files',
          'loan_statement_requests',
          'audit_events',
          'outbox',
        ]),
      );
    } finally {
      await handle.close();
    }
    // Every migration from empty: seconds, more on a busy machine.
  }, 60_000);

  it('refuse a second frequency for the same collateral, frequency, month and year', async () => {
    const handle = await openTestDatabase();
    try {
      const { db } = handle;
      await db.execute(
        sql`insert into accounts (key, name, email) values ('A1', 'A', 'a@example.com')`,
      );
      await db.execute(
        sql`insert into collaterals (key, account_key, collateral_name) values ('C1', 'A1', 'C')`,
      );
      const add = () =>
        db.execute(
          sql`insert into frequencies (collateral_key, account_key, frequency, month, year) values ('C1', 'A1', 1, 4, 2026)`,
        );
      await add();
      await expect(add()).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!testPostgresUrl())('PostgreSQL connections', () => {
  it('plan a named statement once and reuse that plan', async () => {
    const handle = await openTestDatabase();
    try {
      const plans = await handle.db.transaction(async (tx) => {
        const byKey = tx
          .select({ name: accounts.name })
          .from(accounts)
          .where(eq(accounts.key, sql.placeholder('key')))
          .prepare('account_name_by_key');
        for (const key of ['K1', 'K2', 'K3']) await byKey.execute({ key });
        return queryRows<{ generic_plans: string; custom_plans: string }>(
          tx,
          sql`select generic_plans, custom_plans from pg_prepared_statements
              where name = 'account_name_by_key'`,
        );
      });
      expect(plans).toEqual([{ generic_plans: '3', custom_plans: '0' }]);
    } finally {
      await handle.close();
    }
  });

  it('run without JIT, which priced generic list plans as whole-table reads and compiled them', async () => {
    const handle = await openTestDatabase();
    try {
      const [setting] = await queryRows<{ jit: string }>(
        handle.db,
        sql`select current_setting('jit') as jit`,
      );
      expect(setting?.jit).toBe('off');
    } finally {
      await handle.close();
    }
  });
});

describe('embedded data folder', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps data across reopen and refuses a second opener while in use', async () => {
    // Already migrated, as a server that has run before finds it: migrating is tested above.
    const dataDir = await migratedDataDir('portal-data-');
    dirs.push(dataDir);
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.execute(
      sql`insert into accounts (key, name, email) values ('K1', 'Kept', 'k@example.com')`,
    );
    await expect(
      openDatabase({ kind: 'pglite', dataDir, waitForStaleLock: false }),
    ).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();

    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await queryRows<{ name: string }>(
      reopened.db,
      sql`select name from accounts where key = 'K1'`,
    );
    expect(rows[0]?.name).toBe('Kept');
    await reopened.close();
  }, 60_000);
});

describe('a lock left in the data folder', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A data folder whose lock (fresh, so not yet stale by time) was taken by process `pid`. */
  async function lockedBy(pid: number) {
    const dataDir = await migratedDataDir('portal-lock-');
    dirs.push(dataDir);
    mkdirSync(path.join(dataDir, 'portal.lock'));
    writeFileSync(
      path.join(dataDir, 'portal.lock.owner'),
      JSON.stringify({
        pid,
        hostname: hostname(),
        pidNamespace: readlinkSync('/proc/self/ns/pid'),
      }),
    );
    return dataDir;
  }

  it('is taken over at once when the process that took it has ended (a restart after a crash)', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: await lockedBy(ended),
      waitForStaleLock: false,
    });
    await handle.close();
  }, 60_000);

  it('is respected while the process that took it runs', async () => {
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
    try {
      await expect(
        openDatabase({
          kind: 'pglite',
          dataDir: await lockedBy(running.pid!),
          waitForStaleLock: false,
        }),
      ).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      running.kill();
    }
  });
});

describe('the database the start-up log names', () => {
  it('says which PostgreSQL server and database, without the credentials', () => {
    expect(
      describeDatabase({
        kind: 'postgres',
        url: 'postgres://portal:s3cret@db.internal:5432/portal?sslmode=require',
      }),
    ).toBe('PostgreSQL db.internal:5432/portal');
    expect(describeDatabase({ kind: 'postgres', url: 'postgresql:///portal?host=/run/pg' })).toBe(
      'PostgreSQL /run/pg/portal',
    );
  });

  it('says where the embedded database keeps its data', () => {
    expect(describeDatabase({ kind: 'pglite', dataDir: './.data' })).toBe(
      `embedded PGlite in ${path.resolve('.data')}`,
    );
  });
});
