import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  seedAccount,
  seedBorrower,
  seedLoans,
  seedStaff,
  tokenFor,
} from '../../../test/factories.ts';
import { listHistory } from '../audit/audit.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let borrower: Awaited<ReturnType<typeof seedBorrower>>;

beforeAll(async () => {
  t = await createTestApp();
  borrower = await seedBorrower(t.db);
  tokens.client = await tokenFor(t.db, borrower.user.id);
  for (const role of ['approver', 'viewer', 'admin'] as const) {
    tokens[role] = await tokenFor(t.db, (await seedStaff(t.db, role)).id);
  }
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, role: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[role]}` } });

describe('accounts', () => {
  it('lets a borrower read their own account and nobody else’s', async () => {
    const own = await call('GET', `/api/accounts/${borrower.account.key.toLowerCase()}`, 'client');
    expect(own.json()).toEqual({
      account: {
        key: borrower.account.key,
        accountId: borrower.account.key,
        name: borrower.account.name,
        email: borrower.account.email,
      },
    });
    const other = await seedAccount(t.db);
    expect((await call('GET', `/api/accounts/${other.key}`, 'client')).statusCode).toBe(404);
    expect((await call('GET', `/api/accounts/${other.key}`, 'viewer')).statusCode).toBe(200);
  });

  it('lists and searches accounts for staff only', async () => {
    await seedAccount(t.db, { key: 'ACCSEARCH1', name: 'Zebra Estates' });
    expect((await call('GET', '/api/accounts', 'client')).statusCode).toBe(403);
    const found = await call('GET', '/api/accounts?search=zebra', 'approver');
    expect(found.json().accounts.map((x: { key: string }) => x.key)).toEqual(['ACCSEARCH1']);
    expect(found.json().meta).toMatchObject({ totalRecords: 1, page: 1 });
  });

  it('lets only an admin edit an account, and audits it', async () => {
    const account = await seedAccount(t.db);
    const body = { name: 'Renamed Builders' };
    for (const role of ['client', 'approver', 'viewer']) {
      expect((await call('PUT', `/api/accounts/${account.key}`, role, body)).statusCode, role).toBe(
        403,
      );
    }
    const res = await call('PUT', `/api/accounts/${account.key}`, 'admin', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.name).toBe('Renamed Builders');
    const history = await listHistory(t.db, 'account', account.key);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'account.updated',
      before: { name: account.name },
      after: { name: 'Renamed Builders' },
      actor: { role: 'admin' },
    });
    expect(
      (await call('PUT', `/api/accounts/${account.key}`, 'admin', { email: 'not-an-email' }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes an account only when nothing hangs off it', async () => {
    const withLoans = await seedAccount(t.db);
    await seedLoans(t.db, withLoans.key, { opportunities: 1 });
    const refused = await call('DELETE', `/api/accounts/${withLoans.key}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(
      (await call('DELETE', `/api/accounts/${borrower.account.key}`, 'admin')).statusCode,
    ).toBe(409);

    const empty = await seedAccount(t.db);
    expect((await call('DELETE', `/api/accounts/${empty.key}`, 'approver')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/accounts/${empty.key}`, 'admin')).statusCode).toBe(204);
    expect((await call('GET', `/api/accounts/${empty.key}`, 'admin')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/accounts/${empty.key}`, 'admin')).statusCode).toBe(404);
  });
});
