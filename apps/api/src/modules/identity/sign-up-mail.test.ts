import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedAccount } from '../../../test/factories.ts';
import { startSmtpCapture } from '../../../test/smtp-capture.ts';
import { configuredMailer } from '../../mail/configured-mailer.ts';
import { MAIL_TOPIC, mailHandler } from '../../mail/mail-jobs.ts';
import { createOutboxWorker } from '../../outbox/outbox.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Borrower Portal <no-reply@lender.example>',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it('delivers the sign-up code over SMTP through the outbox, and the code confirms the account', async () => {
  const account = await seedAccount(t.db);
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { accountId: account.key, email: account.email, password: 'Str0ng!pass' },
  });
  expect(signup.statusCode).toBe(201);

  const mailer = configuredMailer(t.env);
  expect(mailer?.kind).toBe('smtp');
  const worker = createOutboxWorker({
    db: t.db,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    handlers: { [MAIL_TOPIC]: mailHandler(mailer) },
    // Jobs carry the database clock; look slightly ahead so a fresh job is due.
    now: () => new Date(Date.now() + 1000),
  });
  await worker.drain();

  const mail = smtp.received.find((m) => m.rcptTo.includes(account.email));
  expect(mail?.raw).toMatch(/^Subject: Your Borrower Portal verification code\r$/m);
  const code = /\b(\d{6})\b/.exec(mail?.raw ?? '')?.[1];
  expect(code).toBeDefined();

  await worker.drain();
  expect(smtp.received.filter((m) => m.rcptTo.includes(account.email))).toHaveLength(1);

  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/confirm',
    payload: { accountId: account.key, code },
  });
  expect(confirm.statusCode).toBe(200);
});
