import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedStaff, tokenFor } from '../../../test/factories.ts';
import { outbox } from '../../db/schema.ts';
import { listHistory } from '../audit/audit.ts';

let t: TestApp;
let admin: { id: string; token: string };
let approverToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await seedStaff(t.db, 'admin');
  admin = { id: user.id, token: await tokenFor(t.db, user.id) };
  approverToken = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

describe('user administration', () => {
  it('lists and searches users for admins only', async () => {
    const { account } = await seedBorrower(t.db);
    const all = await call(admin.token, 'GET', '/api/users?perPage=50');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta.totalRecords).toBeGreaterThanOrEqual(3);
    const found = await call(admin.token, 'GET', `/api/users?search=${account.key.toLowerCase()}`);
    expect(found.json().users).toEqual([
      {
        id: expect.any(String),
        username: account.key,
        email: account.email,
        role: 'client',
        disabled: false,
        accountKey: account.key,
        name: account.name,
      },
    ]);
    expect((await call(approverToken, 'GET', '/api/users')).statusCode).toBe(403);
  });

  it('promotes and demotes staff, applying to their open session at once, and audits it', async () => {
    const staff = await seedStaff(t.db, 'viewer');
    const staffToken = await tokenFor(t.db, staff.id);
    expect((await call(staffToken, 'GET', '/api/users')).statusCode).toBe(403);
    const promoted = await call(admin.token, 'PUT', `/api/users/${staff.id}`, { role: 'admin' });
    expect(promoted.json().user.role).toBe('admin');
    expect((await call(staffToken, 'GET', '/api/users')).statusCode).toBe(200);
    expect(
      (await call(admin.token, 'PUT', `/api/users/${staff.id}`, { role: 'approver' })).json().user
        .role,
    ).toBe('approver');
    expect((await call(staffToken, 'GET', '/api/users')).statusCode).toBe(403);
    const history = await listHistory(t.db, 'user', staff.id);
    expect(history.map((e) => e.after)).toEqual([
      { role: 'admin', disabled: false },
      { role: 'approver', disabled: false },
    ]);
  });

  it('disables a user, ending their sessions, and enables them again', async () => {
    const { user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    expect((await call(token, 'GET', '/api/auth/session')).statusCode).toBe(200);
    expect(
      (await call(admin.token, 'PUT', `/api/users/${user.id}`, { disabled: true })).json().user
        .disabled,
    ).toBe(true);
    expect((await call(token, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect(
      (await call(admin.token, 'PUT', `/api/users/${user.id}`, { disabled: false })).json().user
        .disabled,
    ).toBe(false);
    expect((await call(token, 'GET', '/api/auth/session')).statusCode).toBe(401);
  });

  it('refuses an admin changing themself, a borrower turned staff, and unknown users', async () => {
    expect(
      (await call(admin.token, 'PUT', `/api/users/${admin.id}`, { role: 'viewer' })).statusCode,
    ).toBe(409);
    expect(
      (await call(admin.token, 'PUT', `/api/users/${admin.id}`, { disabled: true })).statusCode,
    ).toBe(409);
    const { user } = await seedBorrower(t.db);
    expect(
      (await call(admin.token, 'PUT', `/api/users/${user.id}`, { role: 'approver' })).statusCode,
    ).toBe(400);
    expect(
      (
        await call(admin.token, 'PUT', '/api/users/00000000-0000-4000-8000-000000000000', {
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(admin.token, 'PUT', '/api/users/not-an-id', { role: 'viewer' })).statusCode,
    ).toBe(400);
    expect(
      (await call(approverToken, 'PUT', `/api/users/${user.id}`, { disabled: true })).statusCode,
    ).toBe(403);
  });
});

describe('dead letters', () => {
  it('shows deliveries given up on to admins, and replays one', async () => {
    const [job] = await t.db
      .insert(outbox)
      .values({
        topic: 'webhook',
        orderingKey: 'unit:U1',
        payload: { id: 'x' },
        status: 'dead',
        attempts: 12,
        lastError: 'webhook receiver answered 500',
      })
      .returning();
    const list = await call(admin.token, 'GET', '/api/admin/dead-letters');
    expect(list.json().deadLetters).toEqual([
      expect.objectContaining({
        id: job!.id,
        topic: 'webhook',
        attempts: 12,
        lastError: 'webhook receiver answered 500',
      }),
    ]);
    expect((await call(approverToken, 'GET', '/api/admin/dead-letters')).statusCode).toBe(403);
    expect(
      (await call(admin.token, 'POST', `/api/admin/dead-letters/${job!.id}/replay`)).statusCode,
    ).toBe(200);
    expect((await call(admin.token, 'GET', '/api/admin/dead-letters')).json().deadLetters).toEqual(
      [],
    );
    expect(
      (await call(admin.token, 'POST', `/api/admin/dead-letters/${job!.id}/replay`)).statusCode,
    ).toBe(404);
  });
});
