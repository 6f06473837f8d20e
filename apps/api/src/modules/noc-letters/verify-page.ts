import type { NocLetterVerification } from '@portal/domain';
import { escapeHtml } from '../../mail/templates.ts';

const OUTCOMES = {
  valid: { title: 'Valid NOC letter', colour: '#2b8a3e', background: '#ebfbee' },
  revoked: { title: 'This NOC letter was revoked', colour: '#c92a2a', background: '#fff5f5' },
  unknown: { title: 'No such NOC letter', colour: '#495057', background: '#f1f3f5' },
} as const;

/**
 * The page a buyer's bank sees after scanning a letter's QR code: plain HTML that reads well on
 * a phone and needs no script, saying only what the letter itself prints about the unit.
 */
export function verificationPage(result: NocLetterVerification): string {
  const outcome = OUTCOMES[result.status];
  const body =
    result.status === 'unknown'
      ? `<p>We hold no NOC letter with this number. Check the number printed on the letter, or ask the
        lender to confirm it.</p>`
      : `<dl>
${[
  ['Letter number', result.letterNumber],
  ['Issued by', result.lenderName],
  ['Project', result.projectName],
  ['Tower', result.tower],
  ['Floor', result.floor],
  ['Unit no.', result.unit],
  ['NOC type', result.nocType],
  ['Approved on', result.approvedOn],
  ...(result.revokedOn ? [['Revoked on', result.revokedOn]] : []),
]
  .map(([term, value]) => `<div><dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd></div>`)
  .join('\n')}
</dl>
<p>${
          result.status === 'valid'
            ? 'The letter is genuine and in force if its details match the ones above.'
            : 'The lender revoked this letter: it no longer stands as a no-objection certificate.'
        }</p>`;
  return page(outcome, body);
}

/** Said instead, as a page, once an address has looked up too many numbers. */
export function tooManyLookupsPage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return page(
    { title: 'Too many lookups', colour: '#e67700', background: '#fff9db' },
    `<p>This connection has checked many letter numbers in a short time. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.</p>`,
  );
}

function page(outcome: { title: string; colour: string; background: string }, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(outcome.title)} · Borrower Portal</title>
<style>
body{margin:0;padding:24px 16px;background:#f8f9fa;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:560px;margin:0 auto;padding:24px;background:#fff;border-radius:8px;border:1px solid #dee2e6}
h1{margin:0 0 16px;font-size:1.4rem}
.outcome{margin:0 0 20px;padding:12px 16px;border-radius:6px;border-left:6px solid ${outcome.colour};background:${outcome.background};font-weight:600}
dl{margin:0 0 16px}
dl div{display:flex;flex-wrap:wrap;gap:4px 12px;padding:8px 0;border-bottom:1px solid #e9ecef}
dt{min-width:9rem;color:#495057}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
</style>
</head>
<body>
<main>
<h1>NOC letter verification</h1>
<p class="outcome" role="status">${escapeHtml(outcome.title)}</p>
${body}
</main>
</body>
</html>
`;
}
