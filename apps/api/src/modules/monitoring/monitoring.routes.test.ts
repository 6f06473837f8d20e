import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringCalendar, type CalendarEntry } from '@portal/domain';
import { createTestApp, TEST_INTEGRATION_KEY, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedStaff, tokenFor } from '../../../test/factories.ts';
import { collaterals, frequencies } from '../../db/schema.ts';

// 2026-06-16 11:30 in India: May's monthly pack (due 15 June) is a day overdue.
const now = new Date('2026-06-16T06:00:00Z');
let t: TestApp;
let owner: string;
let stranger: string;
let viewer: string;
let accountKey: string;
let otherAccountKey: string;

const call = (token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
const importBody = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { authorization: `Bearer ${TEST_INTEGRATION_KEY}` },
    payload,
  });

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  const borrower = await seedBorrower(t.db);
  owner = await tokenFor(t.db, borrower.user.id);
  accountKey = borrower.account.key;
  const other = await seedBorrower(t.db);
  stranger = await tokenFor(t.db, other.user.id);
  otherAccountKey = other.account.key;
  viewer = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
  const imported = await importBody({
    collaterals: [
      // Monthly from January, due on the 15th (the default): January–June.
      {
        key: 'CAL-M',
        accountId: accountKey,
        collateralName: 'Stock',
        monitoringFrequency: 1,
        since: '2026-01',
      },
      // Quarterly from October 2025, due on the 5th: the quarters of December, March and June.
      {
        key: 'CAL-Q',
        accountId: accountKey,
        collateralName: 'Receivables',
        monitoringFrequency: 3,
        dueDay: 5,
        since: '2025-10',
      },
      { key: 'CAL-NONE', accountId: accountKey, collateralName: 'Land' },
      {
        key: 'CAL-OTHER',
        accountId: otherAccountKey,
        collateralName: 'Lease',
        monitoringFrequency: 1,
        since: '2026-06',
      },
    ],
  });
  expect(imported.statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('the import’s calendar', () => {
  it('stores frequency, due day (15 by default) and the first of the since month', async () => {
    const [row] = await t.db.select().from(collaterals).where(eq(collaterals.key, 'CAL-M'));
    expect(row).toMatchObject({
      monitoringFrequency: 1,
      dueDay: 15,
      monitoringSince: '2026-01-01',
    });
  });

  it('answers a bad calendar with a 400 naming the record and field', async () => {
    const base = { key: 'CAL-BAD', accountId: accountKey, collateralName: 'Bad' };
    const cases: [object, string][] = [
      [
        { monitoringFrequency: 2, since: '2026-01' },
        'collaterals.0.monitoringFrequency: monitoringFrequency must be 1 (Monthly) or 3 (Quarterly)',
      ],
      [
        { monitoringFrequency: 1, since: '2026-01', dueDay: 31 },
        'collaterals.0.dueDay: dueDay must be a whole number from 1 to 28',
      ],
      [
        { monitoringFrequency: 1, since: '01/2026' },
        'collaterals.0.since: since must be a month written YYYY-MM, e.g. 2026-04',
      ],
      [
        { monitoringFrequency: 1 },
        'collaterals.0.since: since is required with monitoringFrequency (the first month monitored, YYYY-MM)',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await importBody({ collaterals: [{ ...base, ...fields }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});

describe('a collateral’s calendar', () => {
  const url = (account: string, collateral: string) =>
    `/api/accounts/${account}/collaterals/${collateral}/calendar`;

  it('gives its borrower and staff every expected period, as the domain derives it', async () => {
    const res = await call(owner, url(accountKey, 'CAL-M'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.collateral).toEqual({
      key: 'CAL-M',
      accountId: accountKey,
      collateralName: 'Stock',
      monitoringFrequency: 1,
      dueDay: 15,
      since: '2026-01',
    });
    expect(body.periods).toEqual(
      monitoringCalendar(
        { monitoringFrequency: 1, dueDay: 15, since: '2026-01' },
        [],
        now,
        'Asia/Kolkata',
      ),
    );
    expect(body.periods.slice(0, 2)).toMatchObject([
      { month: 6, year: 2026, dueDate: '2026-07-15', state: 'DUE', daysOverdue: 0 },
      { month: 5, year: 2026, dueDate: '2026-06-15', state: 'OVERDUE', daysOverdue: 1 },
    ]);
    expect((await call(viewer, url(accountKey, 'CAL-Q'))).json().periods).toMatchObject([
      { frequency: 3, month: 6, year: 2026, dueDate: '2026-07-05', state: 'DUE' },
      {
        frequency: 3,
        month: 3,
        year: 2026,
        dueDate: '2026-04-05',
        state: 'OVERDUE',
        daysOverdue: 72,
      },
      { frequency: 3, month: 12, year: 2025, dueDate: '2026-01-05', state: 'OVERDUE' },
    ]);
    expect((await call(owner, url(accountKey, 'CAL-NONE'))).json()).toMatchObject({
      collateral: { monitoringFrequency: null, since: null },
      periods: [],
    });
  });

  it('is 404 to another borrower, and for a collateral of another account', async () => {
    expect((await call(stranger, url(accountKey, 'CAL-M'))).statusCode).toBe(404);
    expect((await call(owner, url(otherAccountKey, 'CAL-OTHER'))).statusCode).toBe(404);
    expect((await call(owner, url(accountKey, 'CAL-OTHER'))).statusCode).toBe(404);
  });

  it('matches the frequencies added, and follows them once submitted', async () => {
    const added = await call(owner, '/api/collaterals/CAL-M/frequencies', 'POST', {
      frequency: 1,
      month: 4,
      year: 2026,
    });
    expect(added.statusCode).toBe(201);
    const key = added.json().frequency.key as string;
    const april = async () =>
      (await call(owner, url(accountKey, 'CAL-M')))
        .json()
        .periods.find((p: { month: number }) => p.month === 4);
    // Added but not submitted: still overdue.
    expect(await april()).toMatchObject({ frequencyKey: key, state: 'OVERDUE', daysOverdue: 32 });
    await t.db
      .update(frequencies)
      .set({ approvalStatus: 'PENDING_APPROVAL' })
      .where(and(eq(frequencies.key, key)));
    expect(await april()).toMatchObject({ frequencyKey: key, state: 'SUBMITTED', daysOverdue: 0 });
    // A quarterly frequency of April is another period: the monthly one is matched by its code.
    await t.db
      .update(frequencies)
      .set({ approvalStatus: 'APPROVED' })
      .where(eq(frequencies.key, key));
    expect(await april()).toMatchObject({ state: 'APPROVED' });
    await t.db
      .update(frequencies)
      .set({ approvalStatus: 'NOT_RAISED' })
      .where(eq(frequencies.key, key));
  });
});

describe('the monitoring calendar list', () => {
  const list = (token: string, query = '') => call(token, `/api/monitoring/calendar${query}`);

  it('is for staff only', async () => {
    expect((await list(owner)).statusCode).toBe(403);
    expect((await list(viewer)).statusCode).toBe(200);
  });

  it('lists collaterals × periods, most overdue first, agreeing with each collateral’s calendar', async () => {
    const res = await list(viewer, '?perPage=100');
    const { periods, meta } = res.json() as {
      periods: CalendarEntry[];
      meta: { totalRecords: number };
    };
    // Six monthly, three quarterly, one for the other account.
    expect(meta.totalRecords).toBe(10);
    const days = periods.map((p) => p.daysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(periods[0]).toMatchObject({
      collateralKey: 'CAL-Q',
      collateralName: 'Receivables',
      accountId: accountKey,
      month: 12,
      year: 2025,
      state: 'OVERDUE',
    });
    for (const key of ['CAL-M', 'CAL-Q']) {
      const own = (
        await call(viewer, `/api/accounts/${accountKey}/collaterals/${key}/calendar`)
      ).json().periods as object[];
      const listed = periods
        .filter((p) => p.collateralKey === key)
        .map(
          ({ collateralKey: _c, collateralName: _n, accountId: _a, accountName: _an, ...period }) =>
            period,
        );
      expect(new Set(listed.map((p) => JSON.stringify(p)))).toEqual(
        new Set(own.map((p) => JSON.stringify(p))),
      );
    }
  });

  it('keeps overdue periods only when asked, sorts either way and pages on the server', async () => {
    const overdue = (await list(viewer, '?overdue=true&perPage=100')).json();
    expect(overdue.meta.totalRecords).toBe(7);
    expect(overdue.periods.every((p: CalendarEntry) => p.state === 'OVERDUE')).toBe(true);

    const least = (await list(viewer, '?overdue=true&sort=leastOverdueFirst&perPage=100')).json();
    expect(least.periods).toEqual([...overdue.periods].reverse());

    const page2 = (await list(viewer, '?overdue=true&perPage=3&page=2')).json();
    expect(page2.meta).toMatchObject({
      page: 2,
      perPage: 3,
      totalPages: 3,
      totalRecords: 7,
      count: 3,
    });
    expect(page2.periods).toEqual(overdue.periods.slice(3, 6));
    const page3 = (await list(viewer, `?overdue=true&perPage=3&next=${page2.meta.next}`)).json();
    expect(page3.periods).toEqual(overdue.periods.slice(6));
    expect(page3.meta.next).toBeNull();
  });

  it('answers bad filters with a 400', async () => {
    expect((await list(viewer, '?overdue=perhaps')).statusCode).toBe(400);
    expect((await list(viewer, '?sort=byName')).statusCode).toBe(400);
    expect((await list(viewer, '?perPage=101')).statusCode).toBe(400);
  });

  it('gives a borrower their account’s calendar, 404 for another account', async () => {
    const own = (await call(owner, `/api/accounts/${accountKey}/calendar?perPage=100`)).json();
    expect(own.meta.totalRecords).toBe(9);
    expect(own.periods.every((p: CalendarEntry) => p.accountId === accountKey)).toBe(true);
    expect((await call(stranger, `/api/accounts/${accountKey}/calendar`)).statusCode).toBe(404);
  });
});
