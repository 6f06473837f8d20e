import { CODE_LIFETIME_MINUTES } from '@portal/domain';
import type { MailMessage } from './mailer.ts';

export type CodePurpose = 'signup' | 'password_reset';

const wording: Record<CodePurpose, { subject: string; intro: string; ignore: string }> = {
  signup: {
    subject: 'Your Borrower Portal verification code',
    intro:
      'Use this code to confirm your e-mail address and finish signing up to the Borrower Portal:',
    ignore: 'If you did not start signing up, you can ignore this e-mail.',
  },
  password_reset: {
    subject: 'Reset your Borrower Portal password',
    intro: 'Use this code to reset your Borrower Portal password:',
    ignore:
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
  },
};

/** The mail that carries a one-time code, in text and HTML; the caller adds the recipient. */
export function codeMail(input: {
  purpose: CodePurpose;
  code: string;
  name?: string | null;
}): Omit<MailMessage, 'to'> {
  if (!/^\d{6}$/.test(input.code)) throw new Error('a one-time code is six digits');
  const { subject, intro, ignore } = wording[input.purpose];
  const name = input.name?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const expiry = `The code expires in ${CODE_LIFETIME_MINUTES} minutes.`;
  const neverAsked = 'Never share this code: Borrower Portal staff will never ask you for it.';

  const text = [
    greeting,
    '',
    intro,
    '',
    `    ${input.code}`,
    '',
    expiry,
    neverAsked,
    '',
    ignore,
    '',
  ].join('\n');

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${content}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:520px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
${paragraph(escapeHtml(greeting))}
${paragraph(escapeHtml(intro))}
<p style="margin:0 0 16px;font-size:36px;font-weight:700;letter-spacing:8px;font-family:'Courier New',monospace;color:#1f2933">${escapeHtml(input.code)}</p>
${paragraph(escapeHtml(expiry))}
${paragraph(escapeHtml(neverAsked))}
${paragraph(escapeHtml(ignore))}
</div>
</body>
</html>
`;
  return { subject, text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
