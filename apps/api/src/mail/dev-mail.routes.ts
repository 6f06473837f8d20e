import type { FastifyPluginAsync } from 'fastify';
import { answerLocalRequestsOnly } from '../plugins/security.ts';
import { listDevMail, type DevMail } from './dev-outbox-mailer.ts';
import { escapeHtml } from './templates.ts';

const PAGE_LIMIT = 100;

/**
 * docs/product.md#components: the dev outbox, readable in a browser at /dev/mail and by browser tests at
 * /dev/mail/latest.json. Registered only when the dev outbox is the mailer (never in production).
 */
export const devMailRoutes: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  answerLocalRequestsOnly(app);
  // Not part of the API, so kept out of its OpenAPI document.
  const schema = { hide: true };

  app.get('/dev/mail', { schema }, async (_request, reply) => {
    const mails = await listDevMail(dir);
    // Messages carry one-time codes: never let a cache keep them.
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(mails));
  });

  app.get<{ Querystring: { to?: string } }>(
    '/dev/mail/latest.json',
    { schema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = typeof request.query.to === 'string' ? request.query.to.trim() : '';
      if (!to) {
        return reply.status(400).send({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'to: give the recipient address',
            field: 'to',
          },
        });
      }
      const mail = (await listDevMail(dir)).find((m) => sameAddress(m.to, to));
      if (!mail) {
        return reply
          .status(404)
          .send({ error: { code: 'NOT_FOUND', message: `No mail to ${to} in the dev outbox` } });
      }
      const { id, sentAt, subject, text, html } = mail;
      return { id, sentAt, to: mail.to, subject, text, html };
    },
  );
};

// E-mail addresses are matched case-insensitively everywhere in the portal (docs/product.md#roles).
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

const styles = `
body{margin:0;background:#f4f6f8;color:#1f2933;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:860px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;margin:0 0 4px}
.lead{margin:0 0 24px;color:#52606d}
article{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:16px;margin:0 0 16px}
h2{font-size:1.1rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;font-size:.9rem}
dt{color:#52606d}dd{margin:0;overflow-wrap:anywhere}
pre{margin:0;padding:12px;background:#f0f4f8;border-radius:6px;font-size:1rem;line-height:1.5;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:#1d4ed8}
`;

function page(mails: DevMail[]): string {
  const shown = mails.slice(0, PAGE_LIMIT);
  const hidden = mails.length - shown.length;
  const items = shown.length
    ? shown.map(item).join('\n')
    : '<p>No mail yet. Messages the portal sends appear here.</p>';
  const more = hidden > 0 ? `<p>${hidden} older messages are not shown.</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox — Borrower Portal</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>Dev outbox</h1>
<p class="lead">Mail the portal would have sent, newest first. Development only: set SMTP_URL to send real mail. <a href="/dev/mail">Refresh</a></p>
${items}
${more}
</main>
</body>
</html>
`;
}

function item(mail: DevMail): string {
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>Sent</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(formatTime(mail.sentAt))}</time></dd>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
</dl>
<pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
