import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedAccount, seedBorrower, tokenFor } from '../../../test/factories.ts';
import { latestMailTo } from '../../../test/mail.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function hindiBorrower() {
  const { account, user } = await seedBorrower(t.db);
  await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, user.id));
  return { account, user, token: await tokenFor(t.db, user.id) };
}

describe('each user’s language', () => {
  it('is saved by PUT /api/auth/language and answered with the session', async () => {
    const { user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    const before = await t.app.inject({ url: '/api/auth/session', headers: bearer(token) });
    expect(before.json().user.language).toBe('en');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(token),
      payload: { language: 'hi' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ username: user.username, language: 'hi' });

    const after = await t.app.inject({ url: '/api/auth/session', headers: bearer(token) });
    expect(after.json().user.language).toBe('hi');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe('hi');
  });

  it('accepts only English or Hindi, and only from a signed-in user', async () => {
    const { user } = await seedBorrower(t.db);
    const token = await tokenFor(t.db, user.id);
    const french = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(token),
      payload: { language: 'fr' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'language: Choose English (en) or Hindi (hi)',
      field: 'language',
    });

    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      payload: { language: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in to continue',
    });
  });
});

describe('error messages in the request’s language', () => {
  it('answers in Hindi when the request asks for it, and in English otherwise', async () => {
    const hindi = await t.app.inject({
      url: '/api/auth/session',
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.statusCode).toBe(401);
    expect(hindi.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'आगे बढ़ने के लिए कृपया साइन इन करें',
    });
    for (const headers of [{}, { 'accept-language': 'en' }, { 'accept-language': 'fr' }]) {
      const english = await t.app.inject({ url: '/api/auth/session', headers });
      expect(english.json().error.message).toBe('Please sign in to continue');
    }
    const missing = await t.app.inject({
      url: '/api/no-such-thing?x=1',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(missing.json().error.message).toBe('ऐसा कोई endpoint नहीं है: GET /api/no-such-thing');
  });

  it('answers a Hindi user in Hindi whatever the request asks, field names kept', async () => {
    const { token } = await hindiBorrower();
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { language: 'fr' },
    });
    expect(invalid.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'language: English (en) या हिन्दी (hi) चुनें',
      field: 'language',
    });
    const missing = await t.app.inject({
      url: '/api/opportunities/NO-SUCH-LOAN',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: 'ऐसा कोई ऋण नहीं मिला' });
  });
});

describe('e-mails in the recipient’s language', () => {
  it('mails a sign-up code in the language the sign-up asked in, and keeps it for the borrower', async () => {
    const account = await seedAccount(t.db);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'hi' },
      payload: { accountId: account.key, email: account.email, password: 'Str0ng!pass' },
    });
    expect(signup.statusCode).toBe(201);
    const mail = await latestMailTo(t.db, account.email);
    expect(mail?.subject).toBe('आपका ऋणी पोर्टल सत्यापन कोड');
    expect(mail?.text).toContain('नमस्ते');
    expect(mail?.html).toContain('<html lang="hi">');
    const [row] = await t.db.select().from(users).where(eq(users.accountKey, account.key));
    expect(row?.language).toBe('hi');
  });

  it('mails a Hindi borrower’s password reset code in Hindi, an English one’s in English', async () => {
    const { account } = await hindiBorrower();
    const { account: english } = await seedBorrower(t.db);
    for (const { key } of [account, english]) {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { username: key },
      });
      expect(asked.statusCode).toBe(202);
    }
    expect((await latestMailTo(t.db, account.email))?.subject).toBe(
      'अपना ऋणी पोर्टल पासवर्ड रीसेट करें',
    );
    expect((await latestMailTo(t.db, english.email))?.subject).toBe(
      'Reset your Borrower Portal password',
    );
  });
});
