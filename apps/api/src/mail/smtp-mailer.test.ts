import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer.ts';

interface Received {
  mailFrom: string | false;
  rcptTo: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let smtpUrl: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused@')) {
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

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
