import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

// A send holds its outbox row locked (and PGlite's only connection), so an unresponsive server
// must fail within seconds, not nodemailer's default of up to an hour; SMTP_URL may override.
const TIMEOUTS_MS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/**
 * Sends through the SMTP server named by an smtp:// or smtps:// URL (credentials inside it). The
 * mail library is loaded with the first message, so a server that sends none never holds it.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS_MS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(url.toString()),
    ));
  return {
    kind: 'smtp',
    async send(message) {
      await (
        await connect()
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
