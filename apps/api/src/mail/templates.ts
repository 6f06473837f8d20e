import { CODE_LIFETIME_MINUTES, translatorFor, type Language } from '@portal/domain';
import type { MailMessage } from './mailer.ts';
import type { CodePurpose } from '../modules/identity/one-time-codes.ts';
import { messages } from '../messages.ts';

/** E-mail texts (the API's catalog, apps/api/src/messages.en.json and messages.hi.json) in the recipient's language. */
const translate = translatorFor(messages);

/** Each code e-mail's own texts, `mail.<wording>.subject|intro|ignore`. */
const CODE_WORDING = {
  signup: 'signup',
  password_reset: 'passwordReset',
  two_factor_setup: 'twoFactorSetup',
} as const satisfies Record<CodePurpose, string>;

const greetingOf = (language: Language, name: string | null | undefined) => {
  const trimmed = name?.trim();
  return trimmed
    ? translate(language, 'mail.greeting', { name: trimmed })
    : translate(language, 'mail.greetingNoName');
};

/** The mail that carries a one-time code, in text and HTML; the caller adds the recipient. */
export function codeMail(input: {
  purpose: CodePurpose;
  code: string;
  name?: string | null;
  language?: Language;
}): Omit<MailMessage, 'to'> {
  if (!/^\d{6}$/.test(input.code)) throw new Error('a one-time code is six digits');
  const language = input.language ?? 'en';
  const t = (id: string, values?: Record<string, string | number>) =>
    translate(language, id, values);
  const wording = CODE_WORDING[input.purpose];
  const [subject, intro, ignore] = ['subject', 'intro', 'ignore'].map((part) =>
    t(`mail.${wording}.${part}`),
  ) as [string, string, string];
  const greeting = greetingOf(language, input.name);
  const expiry = t('mail.code.expiry', { minutes: CODE_LIFETIME_MINUTES });
  const neverAsked = t('mail.code.neverShare');

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
    language,
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
  language?: Language;
}): Omit<MailMessage, 'to'> {
  const language = input.language ?? 'en';
  const greeting = greetingOf(language, input.name);
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
    language,
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

/**
 * A notice's texts by message id in `language` (default English), with the same `language` given
 * to `noticeMail`.
 */
function notice(
  language: Language | undefined,
  build: (t: (id: string, values?: Record<string, string | number>) => string) => {
    subject: string;
    name?: string | null;
    lines: string[];
    details?: string[];
    link: { label: string; url: string };
  },
): Omit<MailMessage, 'to'> {
  const chosen = language ?? 'en';
  return noticeMail({ ...build((id, values) => translate(chosen, id, values)), language: chosen });
}

/** The unit or frequency a notice is about: its name in words and the link that opens its panel. */
export interface SetNotice {
  kind: 'unit' | 'frequency';
  /** e.g. "Green Acres · Tower A · Unit A-101" or "Receivables of Tower A · Monthly, March 2026". */
  label: string;
  /** The deep link that opens the set's document panel, for the reader's role. */
  url: string;
  /** The reader's language; English when not given. */
  language?: Language;
}

const SCREENS = {
  unit: { staff: 'mail.screen.nocChecker', borrower: 'mail.screen.unitStatus' },
  frequency: { staff: 'mail.screen.collateralChecker', borrower: 'mail.screen.collateralStatus' },
} as const;

/** To the checkers: a borrower sent a set for review. */
export function submittedMail(
  set: SetNotice & { accountName: string; accountId: string },
): Omit<MailMessage, 'to'> {
  const { label, accountName, accountId } = set;
  return notice(set.language, (t) => ({
    subject: t('mail.submitted.subject', { label }),
    lines: [t('mail.submitted.line', { accountName, accountId, label })],
    link: {
      label: t('mail.submitted.link', { screen: t(SCREENS[set.kind].staff) }),
      url: set.url,
    },
  }));
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
  const { label } = set;
  return notice(set.language, (t) => {
    const screen = t(SCREENS[set.kind].borrower);
    if (set.outcome === 'APPROVED') {
      return {
        subject: t('mail.approved.subject', { label }),
        name: set.name,
        lines: [t('mail.approved.line', { label })],
        link: { label: t('mail.openIn', { screen }), url: set.url },
      };
    }
    return {
      subject: t('mail.rejected.subject', { label }),
      name: set.name,
      lines: [t('mail.rejected.line', { label }), t('mail.rejected.replace')],
      details: set.rejected,
      link: { label: t('mail.rejected.link', { screen }), url: set.url },
    };
  });
}

/** "no remarks", for a rejected document the checker wrote nothing about. */
export const noRemarks = (language: Language = 'en') =>
  translate(language, 'mail.rejected.noRemarks');

/** To the borrower: an approved frequency was opened again for new documents. */
export function reopenedMail(set: SetNotice & { name: string | null }): Omit<MailMessage, 'to'> {
  const { label } = set;
  return notice(set.language, (t) => ({
    subject: t('mail.reopened.subject', { label }),
    name: set.name,
    lines: [t('mail.reopened.line', { label })],
    link: { label: t('mail.openIn', { screen: t(SCREENS[set.kind].borrower) }), url: set.url },
  }));
}

/** To the borrower: the loan statement they asked for is attached. */
export function statementReadyMail(input: {
  name: string | null;
  loanName: string;
  url: string;
  language?: Language;
}): Omit<MailMessage, 'to'> {
  const { loanName } = input;
  return notice(input.language, (t) => ({
    subject: t('mail.statement.subject', { loanName }),
    name: input.name,
    lines: [t('mail.statement.line', { loanName })],
    link: { label: t('mail.statement.link'), url: input.url },
  }));
}

/** To the borrower: the NOC letter of an approved unit can be downloaded. */
export function nocLetterReadyMail(
  set: SetNotice & { name: string | null; letterNumber: string },
): Omit<MailMessage, 'to'> {
  const { label, letterNumber } = set;
  return notice(set.language, (t) => ({
    subject: t('mail.nocLetter.subject', { label }),
    name: set.name,
    lines: [t('mail.nocLetter.line', { label, letterNumber }), t('mail.nocLetter.handOver')],
    link: { label: t('mail.nocLetter.link'), url: set.url },
  }));
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
  language?: Language;
}): Omit<MailMessage, 'to'> {
  const { label, dueDate } = input;
  const overdue = input.daysOverdue > 0;
  return notice(input.language, (t) => ({
    subject: overdue
      ? t('mail.reminder.overdueSubject', { label })
      : t('mail.reminder.dueSubject', { label, dueDate }),
    name: input.name,
    lines: overdue
      ? [
          t('mail.reminder.overdueLine', { label, dueDate, count: input.daysOverdue }),
          t('mail.reminder.overdueAsk'),
        ]
      : [t('mail.reminder.dueLine', { label, dueDate }), t('mail.reminder.dueAsk')],
    link: {
      label: t('mail.openIn', { screen: t('mail.screen.monitoringFrequencies') }),
      url: input.url,
    },
  }));
}

/** To a borrower: an administrator turned their two-factor sign-in off. */
export function twoFactorResetMail(input: {
  name: string | null;
  url: string;
  language?: Language;
}): Omit<MailMessage, 'to'> {
  return notice(input.language, (t) => ({
    subject: t('mail.twoFactorReset.subject'),
    name: input.name,
    lines: [
      t('mail.twoFactorReset.turnedOff'),
      t('mail.twoFactorReset.setUpAgain'),
      t('mail.twoFactorReset.notYou'),
    ],
    link: { label: t('mail.twoFactorReset.link'), url: input.url },
  }));
}

/**
 * To a borrower: two-factor sign-in was turned on or off, and their other sessions ended; sent so
 * that someone who did not do it hears of it at once.
 */
export function twoFactorChangedMail(input: {
  enabled: boolean;
  name: string | null;
  url: string;
  language?: Language;
}): Omit<MailMessage, 'to'> {
  const change = input.enabled ? 'twoFactorOn' : 'twoFactorOff';
  return notice(input.language, (t) => ({
    subject: t(`mail.${change}.subject`),
    name: input.name,
    lines: [
      t(`mail.${change}.line`),
      t('mail.twoFactorChanged.sessionsEnded'),
      t(`mail.${change}.notYou`),
    ],
    link: { label: t('mail.twoFactorChanged.link'), url: input.url },
  }));
}

const paragraph = (content: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${content}</p>`;

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
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
