import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_INTEGRATION_KEY, type TestApp } from '../../../test/app.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadEnv } from '../../env.ts';
import { queryRows } from '../../db/client.ts';
import { opportunities, projects, units } from '../../db/schema.ts';
import { demoLenderData } from '../../seed/demo-data.ts';
import { seedDemoDataIfEmpty } from '../../seed/seed-demo-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const auth = { authorization: `Bearer ${TEST_INTEGRATION_KEY}` };
const importBody = (payload: unknown, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: '/api/import', headers, payload: payload as object });

const book = {
  accounts: [{ key: 'acc9001', name: 'Test Builders', email: 'owner@test-builders.example' }],
  opportunities: [
    {
      key: 'OPP-T1',
      accountId: 'ACC9001',
      name: 'Loan 1',
      sanctionAmount: 12345678.5,
      peakExposure: '100.25',
      currentFace: 0,
    },
  ],
  projects: [{ key: 'PRJ-T1', opportunityKey: 'OPP-T1', name: 'Tower Park' }],
  units: [
    {
      key: 'UNIT-T1',
      projectKey: 'PRJ-T1',
      name: 'Flat A-101',
      tower: 'A',
      floor: 1,
      unit: 101,
      areaSqft: 1200,
      customerName: 'Asha',
      maxSellingPrice: 9500000,
      baseSellingPrice: '9000000.00',
      totalSaleValue: 9900000,
      amountToBeReceived: 350000,
      selectedNoc: 'Final',
    },
  ],
  collaterals: [{ key: 'COL-T1', accountId: 'ACC9001', collateralName: 'Receivables' }],
};

describe('POST /api/import', () => {
  it('refuses a missing or wrong integration key with 401', async () => {
    expect((await importBody(book, {})).statusCode).toBe(401);
    const wrong = await importBody(book, { authorization: 'Bearer not-the-key-at-all-xxxx' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('upserts every kind of record and answers the counts, keeping money exact', async () => {
    const res = await importBody(book);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: { accounts: 1, opportunities: 1, projects: 1, units: 1, collaterals: 1 },
    });
    const [opp] = await t.db.select().from(opportunities).where(eq(opportunities.key, 'OPP-T1'));
    expect(opp).toMatchObject({
      accountKey: 'ACC9001',
      sanctionAmount: '12345678.50',
      peakExposure: '100.25',
    });
    const [unit] = await t.db.select().from(units).where(eq(units.key, 'UNIT-T1'));
    expect(unit).toMatchObject({
      tower: 'A',
      floor: '1',
      unit: '101',
      approvalStatus: 'NOT_RAISED',
    });
  });

  it("keeps a project's address where the import gives one, for its NOC letters", async () => {
    const addressOf = async () =>
      (await t.db.select().from(projects).where(eq(projects.key, 'PRJ-T1')))[0]?.address;
    const address = '  Survey No. 112/3, Baner, Pune 411 045 ';
    const withAddress = { ...book, projects: [{ ...book.projects[0], address }] };
    expect((await importBody(withAddress)).statusCode).toBe(200);
    expect(await addressOf()).toBe('Survey No. 112/3, Baner, Pune 411 045');
    // The lender's records are the source: a project sent without one (or blank) has none.
    const blank = { ...book, projects: [{ ...book.projects[0], address: ' ' }] };
    expect((await importBody(blank)).statusCode).toBe(200);
    expect(await addressOf()).toBeNull();
    const wrong = { ...book, projects: [{ ...book.projects[0], address: 42 }] };
    expect((await importBody(wrong)).statusCode).toBe(400);
  });

  it('is idempotent and never changes workflow state on re-import', async () => {
    await t.db
      .update(units)
      .set({ approvalStatus: 'APPROVED', version: 7 })
      .where(eq(units.key, 'UNIT-T1'));
    const renamed = { ...book, units: [{ ...book.units[0], customerName: 'Asha Rao' }] };
    expect((await importBody(renamed)).statusCode).toBe(200);
    expect((await importBody(renamed)).statusCode).toBe(200);
    const rows = await t.db.select().from(units).where(eq(units.key, 'UNIT-T1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customerName: 'Asha Rao',
      approvalStatus: 'APPROVED',
      version: 7,
    });
  });

  it('names the bad record and field, and changes nothing when one record is invalid', async () => {
    const bad = {
      accounts: [{ key: 'ACC9002', name: 'Fresh', email: 'fresh@example.com' }],
      units: [{ ...book.units[0], key: 'UNIT-T2', maxSellingPrice: 'lots' }],
    };
    const res = await importBody(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('units.0.maxSellingPrice');
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from accounts where key = 'ACC9002'`,
    );
    expect(row?.n).toBe(0);
  });

  it('refuses a record whose parent is unknown, naming it, and rolls back the whole batch', async () => {
    const res = await importBody({
      accounts: [{ key: 'ACC9003', name: 'Rolled Back', email: 'rb@example.com' }],
      projects: [{ key: 'PRJ-X', opportunityKey: 'OPP-MISSING', name: 'Nowhere' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "projects[0].opportunityKey: no opportunity with key 'OPP-MISSING'",
    );
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from accounts where key = 'ACC9003'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('demo data', () => {
  it('loads once into an empty database and has the book the README promises', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoDataIfEmpty(fresh.db)).toBe(true);
      expect(await seedDemoDataIfEmpty(fresh.db)).toBe(false);
      const demo = demoLenderData();
      const rows = await queryRows<{ n: number }>(
        fresh.db,
        sql`select count(*)::int as n from opportunities where account_key = 'ACC1001'`,
      );
      expect(rows[0]?.n).toBeGreaterThanOrEqual(12);
      expect(demo.accounts.length).toBeGreaterThanOrEqual(2);
      expect(
        demo.units.filter((u) => u.projectKey === demo.projects[0]?.key).length,
      ).toBeGreaterThanOrEqual(24);
    } finally {
      await fresh.close();
    }
  });
});

describe('integration key rotation', () => {
  it('accepts INTEGRATION_API_KEY_PREVIOUS beside the new key, logging each use of it, and no other key', async () => {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    const newKey = 'rotated-integration-key-9876543210';
    const env = loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      INTEGRATION_API_KEY: newKey,
      INTEGRATION_API_KEY_PREVIOUS: TEST_INTEGRATION_KEY,
    });
    const rotating = await buildApp({
      env,
      db: t.db,
      logger: Object.assign({}, loggerOptions('info'), { stream }),
    });
    try {
      const importWith = (key: string) =>
        rotating.inject({
          method: 'POST',
          url: '/api/import',
          headers: { authorization: `Bearer ${key}` },
          payload: {},
        });
      expect((await importWith(newKey)).statusCode).toBe(200);
      expect((await importWith(TEST_INTEGRATION_KEY)).statusCode).toBe(200);
      expect((await importWith('some-other-integration-key-000')).statusCode).toBe(401);
      const events = logged
        .map((line) => JSON.parse(line) as { securityEvent?: string })
        .filter((entry) => entry.securityEvent === 'PREVIOUS_INTEGRATION_KEY_USED');
      expect(events).toHaveLength(1);
    } finally {
      await rotating.close();
    }
  });
});

describe('the default integration key of a loopback development server', () => {
  it('opens the import to local requests only, while a configured key opens it through a proxy too', async () => {
    // No INTEGRATION_API_KEY on a loopback development server: the default key is the one.
    const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
    const dev = await buildApp({ env, db: t.db, logger: false });
    try {
      const importWith = (app: FastifyInstance, key: string, headers = {}) =>
        app.inject({
          method: 'POST',
          url: '/api/import',
          headers: { authorization: `Bearer ${key}`, ...headers },
          payload: {},
        });
      const defaultKey = env.INTEGRATION_API_KEY ?? 'none';
      expect((await importWith(dev, defaultKey)).statusCode).toBe(200);
      for (const notLocal of [
        { host: 'portal.lender.example', 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9' },
        { host: 'portal.lender.example' },
      ]) {
        expect((await importWith(dev, defaultKey, notLocal)).statusCode).toBe(401);
        expect((await importWith(t.app, TEST_INTEGRATION_KEY, notLocal)).statusCode).toBe(200);
      }
    } finally {
      await dev.close();
    }
  });
});
