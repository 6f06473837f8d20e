import {
  translatorFor,
  type Language,
  type MessageValues,
  type NocLetterVerification,
} from '@portal/domain';
import { escapeHtml } from '../../mail/templates.ts';
import { messages } from '../../messages.ts';

const translate = translatorFor(messages);

/** The page's own script (verify-check.js): same origin, so the page's CSP lets it run. */
export const VERIFY_SCRIPT_PATH = '/verify/check.js';

const OUTCOMES = {
  valid: { title: 'verify.outcome.valid', colour: '#2b8a3e', background: '#ebfbee' },
  revoked: { title: 'verify.outcome.revoked', colour: '#c92a2a', background: '#fff5f5' },
  unknown: { title: 'verify.outcome.unknown', colour: '#495057', background: '#f1f3f5' },
  tooMany: { title: 'verify.outcome.tooMany', colour: '#e67700', background: '#fff9db' },
} as const;

type Outcome = (typeof OUTCOMES)[keyof typeof OUTCOMES];

/**
 * The page a buyer's bank sees after scanning a letter's QR code, in English or Hindi: plain HTML
 * that reads well on a phone, saying only what the letter itself prints about the unit and the
 * issued file's SHA-256. Its script (optional: the page says the same without it) lets the visitor
 * check a copy they hold against that SHA-256 in the browser; the file never leaves their device.
 */
export function verificationPage(result: NocLetterVerification, language: Language): string {
  const t = (id: string, values?: MessageValues) => escapeHtml(translate(language, id, values));
  if (result.status === 'unknown') {
    return page(language, OUTCOMES.unknown, `<p>${t('verify.unknown.body')}</p>`);
  }
  const fields: [string, string, string?][] = [
    ['verify.field.letterNumber', result.letterNumber],
    ['verify.field.issuedBy', result.lenderName],
    ['verify.field.project', result.projectName],
    ['verify.field.tower', result.tower],
    ['verify.field.floor', result.floor],
    ['verify.field.unit', result.unit],
    [
      'verify.field.nocType',
      translate(language, 'nocLetter.nocTypeValue', { nocType: result.nocType }),
    ],
    ['verify.field.approvedOn', result.approvedOn],
    ...(result.revokedOn ? [['verify.field.revokedOn', result.revokedOn] as [string, string]] : []),
    ['verify.field.sha256', result.sha256, 'digest'],
  ];
  const list = fields
    .map(
      ([term, value, kind]) =>
        `<div><dt>${t(term)}</dt><dd${kind ? ` class="${kind}"` : ''}>${escapeHtml(value)}</dd></div>`,
    )
    .join('\n');
  const revoked = result.status === 'revoked';
  // The script reads the file's expected SHA-256 and every word it may say from the section.
  const words = {
    checking: 'verify.check.checking',
    match: revoked ? 'verify.check.matchRevoked' : 'verify.check.match',
    mismatch: 'verify.check.mismatch',
    failed: 'verify.check.failed',
  };
  const data = Object.entries(words)
    .map(([name, id]) => ` data-${name}="${t(id)}"`)
    .join('');
  const check = `<section id="check" class="check" aria-labelledby="check-title" hidden data-sha256="${escapeHtml(result.sha256)}" data-revoked="${revoked}"${data}>
<h2 id="check-title">${t('verify.check.title')}</h2>
<p>${t('verify.check.explain')}</p>
<div class="drop" id="drop-zone">
<label for="letter-file">${t('verify.check.choose')}</label>
<input type="file" id="letter-file" accept=".pdf,application/pdf">
<span class="hint">${t('verify.check.drop')}</span>
</div>
<p id="check-result" class="result" aria-live="polite"></p>
</section>
<noscript><p>${t('verify.check.noScript')}</p></noscript>`;
  return page(
    language,
    revoked ? OUTCOMES.revoked : OUTCOMES.valid,
    `<dl>
${list}
</dl>
<p>${t(revoked ? 'verify.revoked.body' : 'verify.valid.body')}</p>
${check}`,
    { script: true },
  );
}

/** Said instead, as a page, once an address has looked up too many numbers. */
export function tooManyLookupsPage(retryAfterSeconds: number, language: Language): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return page(
    language,
    OUTCOMES.tooMany,
    `<p>${escapeHtml(translate(language, 'verify.tooMany.body', { minutes }))}</p>`,
  );
}

function page(
  language: Language,
  outcome: Outcome,
  body: string,
  options: { script?: boolean } = {},
) {
  const t = (id: string) => escapeHtml(translate(language, id));
  const other: Language = language === 'hi' ? 'en' : 'hi';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t(outcome.title)} · Borrower Portal</title>
<style>
body{margin:0;padding:24px 16px;background:#f8f9fa;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",Arial,sans-serif}
main{max-width:560px;margin:0 auto;padding:24px;background:#fff;border-radius:8px;border:1px solid #dee2e6}
nav{text-align:right;margin:-8px 0 8px}
a{color:#1c4f8c}
a:focus-visible,input:focus-visible{outline:3px solid #1c4f8c;outline-offset:2px}
h1{margin:0 0 16px;font-size:1.4rem}
h2{margin:24px 0 8px;font-size:1.15rem}
.outcome{margin:0 0 20px;padding:12px 16px;border-radius:6px;border-left:6px solid ${outcome.colour};background:${outcome.background};font-weight:600}
dl{margin:0 0 16px}
dl div{display:flex;flex-wrap:wrap;gap:4px 12px;padding:8px 0;border-bottom:1px solid #e9ecef}
dt{min-width:9rem;color:#495057}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
dd.digest{font:600 0.85rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.check{border-top:1px solid #dee2e6;margin-top:20px}
.drop{display:flex;flex-direction:column;gap:8px;padding:16px;border:2px dashed #adb5bd;border-radius:8px}
.drop.over{border-color:#1c4f8c;background:#e7f0fb}
.drop label{font-weight:600}
.drop input{max-width:100%;font:inherit}
.hint{color:#495057}
.result{padding:12px 16px;border-radius:6px;font-weight:600;background:#f1f3f5}
.result:empty{padding:0}
.result.match{background:#ebfbee;color:#2b6a30}
.result.mismatch{background:#fff5f5;color:#a61e1e}
</style>
</head>
<body>
<main>
<nav><a href="?lang=${other}" lang="${other}" hreflang="${other}">${escapeHtml(translate(language, 'verify.otherLanguage'))}</a></nav>
<h1>${t('verify.title')}</h1>
<p class="outcome" role="status">${t(outcome.title)}</p>
${body}
</main>${options.script ? `\n<script src="${VERIFY_SCRIPT_PATH}" defer></script>` : ''}
</body>
</html>
`;
}
