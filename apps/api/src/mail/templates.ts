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

  const html = page(
    subject,
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      `<p style="margin:0 0 16px;font-size:36px;font-weight:700;letter-spacing:8px;font-family:'Courier New',monospace;color:#1f2933">${escapeHtml(input.code)}</p>`,
      paragraph(escapeHtml(expiry)),
      paragraph(escapeHtml(neverAsked)),
      paragraph(escapeHtml(ignore)),
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * A notification: a few lines and the one link to the screen that acts on it (issue: every
 * e-mail links to where the reader acts). `details` are listed (e.g. rejected documents).
 */
export function noticeMail(input: {
  subject: string;
  name?: string | null;
  lines: string[];
  details?: string[];
  link: { label: string; url: string };
}): Omit<MailMessage, 'to'> {
  const name = input.name?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const details = input.details ?? [];
  const text = [
    greeting,
    '',
    ...input.lines,
    ...(details.length ? ['', ...details.map((d) => `  - ${d}`)] : []),
    '',
    `${input.link.label}: ${input.link.url}`,
    '',
  ].join('\n');
  const html = page(
    input.subject,
    [
      paragraph(escapeHtml(greeting)),
      ...input.lines.map((line) => paragraph(escapeHtml(line))),
      details.length
        ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5;color:#1f2933">${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`
        : '',
      `<p style="margin:24px 0 0"><a href="${escapeHtml(input.link.url)}" style="display:inline-block;padding:12px 20px;background:#0b7285;color:#ffffff;border-radius:6px;text-decoration:none;font-size:16px">${escapeHtml(input.link.label)}</a></p>`,
    ].join('\n'),
  );
  return { subject: input.subject, text, html };
}

/** The unit or frequency a notice is about: its name in words and the link that opens its panel. */
export interface SetNotice {
  kind: 'unit' | 'frequency';
  /** e.g. "Green Acres · Tower A · Unit A-101" or "Receivables of Tower A · Monthly, March 2026". */
  label: string;
  /** The deep link that opens the set's document panel, for the reader's role. */
  url: string;
}

const SCREENS = {
  unit: { staff: 'NOC Checker', borrower: 'Unit Status' },
  frequency: { staff: 'Collateral Checker', borrower: 'Collateral Status' },
} as const;

/** To the checkers: a borrower sent a set for review. */
export function submittedMail(
  set: SetNotice & { accountName: string; accountId: string },
): Omit<MailMessage, 'to'> {
  return noticeMail({
    subject: `For your review: ${set.label}`,
    lines: [
      `${set.accountName} (account ${set.accountId}) submitted the documents of ${set.label} for approval.`,
    ],
    link: { label: `Review it in the ${SCREENS[set.kind].staff}`, url: set.url },
  });
}

/** To the borrower: the checker's outcome; a rejection lists each rejected document and why. */
export function decidedMail(
  set: SetNotice & {
    name: string | null;
    outcome: 'APPROVED' | 'REJECTED';
    /** "Customer Ledger: Unreadable scan", one per rejected document. */
    rejected: string[];
  },
): Omit<MailMessage, 'to'> {
  const screen = SCREENS[set.kind].borrower;
  if (set.outcome === 'APPROVED') {
    return noticeMail({
      subject: `Approved: ${set.label}`,
      name: set.name,
      lines: [`The lender’s checker approved the documents of ${set.label}.`],
      link: { label: `Open it in ${screen}`, url: set.url },
    });
  }
  return noticeMail({
    subject: `Rejected: ${set.label}`,
    name: set.name,
    lines: [
      `The lender’s checker rejected documents of ${set.label}.`,
      'Replace each document below and submit again. The checker’s reasons:',
    ],
    details: set.rejected,
    link: { label: `Fix it in ${screen}`, url: set.url },
  });
}

/** To the borrower: an approved frequency was opened again for new documents. */
export function reopenedMail(set: SetNotice & { name: string | null }): Omit<MailMessage, 'to'> {
  return noticeMail({
    subject: `Reopened: ${set.label}`,
    name: set.name,
    lines: [`${set.label} was reopened: its documents can be replaced and submitted again.`],
    link: { label: `Open it in ${SCREENS[set.kind].borrower}`, url: set.url },
  });
}

/** To the borrower: the loan statement they asked for is attached. */
export function statementReadyMail(input: {
  name: string | null;
  loanName: string;
  url: string;
}): Omit<MailMessage, 'to'> {
  return noticeMail({
    subject: `Your loan statement for ${input.loanName} is ready`,
    name: input.name,
    lines: [`The statement you asked for on ${input.loanName} is ready to download.`],
    link: { label: 'Download your statement', url: input.url },
  });
}

/** To the borrower: the NOC letter of an approved unit can be downloaded. */
export function nocLetterReadyMail(
  set: SetNotice & { name: string | null; letterNumber: string },
): Omit<MailMessage, 'to'> {
  return noticeMail({
    subject: `NOC letter ready: ${set.label}`,
    name: set.name,
    lines: [
      `The NOC letter for ${set.label} (letter no. ${set.letterNumber}) is ready.`,
      'Download it from the unit, and hand it to the buyer: its QR code lets their bank verify it.',
    ],
    link: { label: 'Download the NOC letter', url: set.url },
  });
}

/** To the borrower: a monitoring pack falls due in a few days, or is overdue. */
export function monitoringReminderMail(input: {
  name: string | null;
  /** e.g. "Receivables of Tower A · Monthly, March 2026". */
  label: string;
  /** '15 Apr 2026'. */
  dueDate: string;
  /** 0 before the due date. */
  daysOverdue: number;
  url: string;
}): Omit<MailMessage, 'to'> {
  const overdue = input.daysOverdue > 0;
  const days = `${input.daysOverdue} day${input.daysOverdue === 1 ? '' : 's'}`;
  return noticeMail({
    subject: overdue
      ? `Overdue: the monitoring pack for ${input.label}`
      : `Due on ${input.dueDate}: the monitoring pack for ${input.label}`,
    name: input.name,
    lines: overdue
      ? [
          `The monitoring documents of ${input.label} were due on ${input.dueDate} and are ${days} overdue.`,
          'Upload the nine documents and submit them to the checker as soon as you can.',
        ]
      : [
          `The monitoring documents of ${input.label} are due on ${input.dueDate}.`,
          'Upload the nine documents and submit them to the checker by then.',
        ],
    link: { label: 'Open it in Monitoring Frequencies', url: input.url },
  });
}

const paragraph = (content: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${content}</p>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:520px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
${body}
</div>
</body>
</html>
`;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
