import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevOutboxMailer } from './dev-outbox-mailer.ts';
import { devMailRoutes } from './dev-mail.routes.ts';

let root: string;
let app: FastifyInstance;
let emptyApp: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dev-mail-routes-'));
  const dir = path.join(root, 'mail');
  const mailer = createDevOutboxMailer(dir, 'no-reply@portal.example');
  await mailer.send({
    to: 'asha.mehta@example.com',
    subject: 'Your Borrower Portal verification code',
    text: 'Your code:\n\n    111111\n',
    html: '<p>111111</p>',
  });
  await mailer.send({
    to: 'ravi.kumar@example.com',
    subject: 'Subject with <script>alert(1)</script>',
    text: 'Hi <b>Ravi</b> & co',
    html: '<p>Hi</p>',
  });
  await mailer.send({
    to: 'Asha.Mehta@example.com',
    subject: 'Reset your Borrower Portal password',
    text: 'Your code:\n\n    222222\n',
    html: '<p>222222</p>',
  });
  app = Fastify();
  await app.register(devMailRoutes, { dir });
  emptyApp = Fastify();
  await emptyApp.register(devMailRoutes, { dir: path.join(root, 'none') });
});
afterAll(async () => {
  await app.close();
  await emptyApp.close();
  await rm(root, { recursive: true, force: true });
});

describe('GET /dev/mail', () => {
  it('shows the outbox newest first, each text body in a <pre>, with user text escaped', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    const order = ['222222', 'Ravi', '111111'].map((s) => html.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('<pre>Your code:\n\n    222222\n</pre>');
    expect(html).toContain('<dd>ravi.kumar@example.com</dd>');
    expect(html).toContain('Subject with &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<pre>Hi &lt;b&gt;Ravi&lt;/b&gt; &amp; co</pre>');
    // The app's CSP forbids inline scripts, and the page needs none.
    expect(html).not.toContain('<script');
  });

  it('says so when there is no mail yet', async () => {
    const res = await emptyApp.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No mail yet');
  });
});

describe('GET /dev/mail/latest.json', () => {
  it('answers the newest message to an address, matching it case-insensitively', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=asha.mehta%40example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: expect.any(String),
      sentAt: expect.any(String),
      to: 'Asha.Mehta@example.com',
      subject: 'Reset your Borrower Portal password',
      text: 'Your code:\n\n    222222\n',
      html: '<p>222222</p>',
    });
  });

  it('answers 404 when nothing was sent to the address', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=nobody%40example.com',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No mail to nobody@example.com in the dev outbox' },
    });
    const empty = await emptyApp.inject({ method: 'GET', url: '/dev/mail/latest.json?to=a%40b.c' });
    expect(empty.statusCode).toBe(404);
  });

  it('answers 400 without an address', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail/latest.json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
