import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let smtpUrl: string;
let received: Awaited<ReturnType<typeof startSmtpCapture>>['received'];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  smtpUrl = smtp.url;
  received = smtp.received;
});
afterAll(() => smtp?.close());

describe('SMTP mailer', () => {
  it('delivers a message with text and HTML parts to the SMTP server', async () => {
    const mailer = createSmtpMailer(smtpUrl, 'Borrower Portal <no-reply@portal.example>');
    expect(mailer.kind).toBe('smtp');

    await mailer.send({
      to: 'asha.mehta@example.com',
      subject: 'Your Borrower Portal verification code',
      text: 'Your code is 123456.',
      html: '<p>Your code is <strong>123456</strong>.</p>',
    });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.mailFrom).toBe('no-reply@portal.example');
    expect(mail?.rcptTo).toEqual(['asha.mehta@example.com']);
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^From: Borrower Portal <no-reply@portal\.example>\r$/m);
    expect(raw).toMatch(/^To: asha\.mehta@example\.com\r$/m);
    expect(raw).toMatch(/^Subject: Your Borrower Portal verification code\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain[^]*Your code is 123456\./m);
    expect(raw).toMatch(
      /^Content-Type: text\/html[^]*<p>Your code is <strong>123456<\/strong>\.<\/p>/m,
    );
  });

  it('rejects when the server refuses the recipient, so the outbox retries', async () => {
    const mailer = createSmtpMailer(smtpUrl, 'no-reply@portal.example');
    await expect(
      mailer.send({ to: 'refused@example.com', subject: 'S', text: 'T', html: '<p>T</p>' }),
    ).rejects.toThrow(/mailbox unavailable/);
  });
});
