import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NocLetterDetailsSchema, unitSlotFileTypes } from '@portal/domain';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { download, reviewAll, sha256Hex, uploadAll } from '../../../test/documents.ts';
import { seedBorrower, seedLoans, seedStaff, tokenFor } from '../../../test/factories.ts';
import { sampleLetterhead } from '../../../test/noc-letters.ts';
import { handleEvents } from '../../../test/events.ts';
import {
  createTestAuthority,
  writeSigningCertificate,
} from '../../../test/signing-certificates.ts';
import { outboxHandlersFor, storageFor } from '../../app.ts';
import { auditEvents, nocLetters, outbox, projects } from '../../db/schema.ts';
import { MAIL_TOPIC } from '../../mail/mail-jobs.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { createOutboxWorker, type OutboxWorker } from '../../outbox/outbox.ts';
import type { WebhookPayload } from '../events/domain-events.ts';
import { WEBHOOK_TOPIC } from '../webhooks/webhooks.ts';
import { NOC_LETTER_TOPIC } from './issue-noc-letter.ts';
import { letterSettingsFor } from './letter-settings.ts';
import { renderNocLetter } from './noc-letter-pdf.ts';
import { VERIFICATIONS_PER_ADDRESS } from './noc-letters.routes.ts';

let t: TestApp;
let worker: OutboxWorker;
const mails: MailMessage[] = [];
const webhooks: WebhookPayload[] = [];
const as = (token: string) => ({ authorization: `Bearer ${token}` });
let approver: string;
let viewer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
    WEBHOOK_SECRET: 'whsec-test-0123456789',
    LENDER_NAME: 'Test Lender Housing Finance Ltd',
  });
  worker = createOutboxWorker({
    db: t.db,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    handlers: {
      ...outboxHandlersFor(t.env, { storage: storageFor(t.env), mailer: undefined }),
      [MAIL_TOPIC]: async (payload) => void mails.push(payload as MailMessage),
      [WEBHOOK_TOPIC]: async (payload) => void webhooks.push(payload as WebhookPayload),
    },
  });
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  viewer = await tokenFor(t.db, (await seedStaff(t.db, 'viewer')).id);
  admin = await tokenFor(t.db, (await seedStaff(t.db, 'admin')).id);
});
afterAll(() => t?.close());

/**
 * A borrower's unit, taken through upload, submission and review to the given outcome; under
 * four-eyes release, `approvers` give the first approval and its confirmation.
 */
async function decidedUnit(
  outcome: 'APPROVED' | 'REJECTED' | 'PENDING_APPROVAL',
  { app = t, approvers = [approver] }: { app?: TestApp; approvers?: string[] } = {},
) {
  const { user, account } = await seedBorrower(app.db);
  const { units } = await seedLoans(app.db, account.key, {
    opportunities: 1,
    projects: 1,
    units: 1,
  });
  const unit = units[0]!;
  const borrower = await tokenFor(app.db, user.id);
  const filesUrl = `/api/units/${unit.key}/files`;
  const unitUrl = `/api/projects/${unit.projectKey}/units/${unit.key}`;
  const put = (token: string, approvalStatus: string) =>
    app.app.inject({
      method: 'PUT',
      url: unitUrl,
      headers: as(token),
      payload: { approvalStatus },
    });
  await uploadAll(app.app, borrower, filesUrl, unitSlotFileTypes('Final'));
  expect((await put(borrower, 'PENDING_APPROVAL')).statusCode).toBe(200);
  if (outcome !== 'PENDING_APPROVAL') {
    await reviewAll(app.app, approvers[0]!, filesUrl, (type) =>
      outcome === 'REJECTED' && type === 'CUSTOMER_LEDGER' ? 'REJECTED' : 'APPROVED',
    );
    for (const decider of approvers) expect((await put(decider, outcome)).statusCode).toBe(200);
  }
  const letterUrl = `${unitUrl}/noc-letter`;
  return { unit, account, borrower, letterUrl };
}

const letterOf = async (unitKey: string) =>
  (await t.db.select().from(nocLetters).where(eq(nocLetters.unitKey, unitKey)))[0];

const verifyJson = (letterNumber: string, remoteAddress = '203.0.113.10') =>
  t.app.inject({
    url: `/api/noc-letters/${encodeURIComponent(letterNumber)}/verification`,
    remoteAddress,
  });

it('issues a stored, stable letter on approval and tells the borrower and the CRM', async () => {
  const { unit, account, borrower, letterUrl } = await decidedUnit('APPROVED');
  // The approval has committed; its letter comes as its event is handled.
  expect(await letterOf(unit.key)).toBeUndefined();
  const approved = await t.app.inject({ url: letterUrl, headers: as(borrower) });
  expect([approved.statusCode, approved.json()]).toEqual([202, null]);
  await handleEvents(t);
  const recorded = (await letterOf(unit.key))!;
  expect(recorded.letterNumber).toMatch(/^NOC(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
  expect(recorded.issuedAt).toBeNull();
  const details = NocLetterDetailsSchema.parse(recorded.details);
  expect(details).toMatchObject({
    lenderName: 'Test Lender Housing Finance Ltd',
    accountId: account.key,
    loanAccount: expect.stringMatching(/\(.+\)$/),
    projectAddress: null,
    unit: unit.unit,
    nocType: 'Final',
    saleValue: '₹99,00,000.00',
    amountReceived: '₹3,50,000.00',
    approvedBy: 'Test approver',
    firstApprovedBy: null,
    verificationUrl: `${t.env.PUBLIC_URL}/verify/${recorded.letterNumber}`,
  });
  // Until the PDF is stored there is nothing to download and nothing to verify.
  const preparing = await t.app.inject({ url: letterUrl, headers: as(borrower) });
  expect([preparing.statusCode, preparing.json()]).toEqual([202, null]);
  expect((await verifyJson(recorded.letterNumber)).json()).toEqual({ status: 'unknown' });

  await worker.drain();
  const issued = (await letterOf(unit.key))!;
  expect(issued.issuedAt).not.toBeNull();
  const answer = await t.app.inject({ url: letterUrl, headers: as(borrower) });
  expect(answer.statusCode).toBe(200);
  expect(answer.json().file).toMatchObject({
    letterNumber: issued.letterNumber,
    state: 'ISSUED',
    sha256: issued.sha256,
  });
  const stored = (await download(t.app, answer.json().meta.presignedUrl)).rawPayload;
  expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
  expect(sha256Hex(stored)).toBe(issued.sha256);
  expect(stored.length).toBe(issued.size);
  // Unsigned, the same details render the same bytes, so the record can be checked at any time.
  const { letterhead } = letterSettingsFor(t.env);
  expect(Buffer.from(await renderNocLetter(details, letterhead)).equals(stored)).toBe(true);
  expect(stored.includes('/ByteRange')).toBe(false);

  // A job run again (a retry after a lost acknowledgement) changes nothing.
  await t.db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(eq(outbox.topic, NOC_LETTER_TOPIC));
  await worker.drain();
  const again = (await letterOf(unit.key))!;
  expect(again).toEqual(issued);
  const reread = await t.app.inject({ url: letterUrl, headers: as(borrower) });
  expect(sha256Hex((await download(t.app, reread.json().meta.presignedUrl)).rawPayload)).toBe(
    issued.sha256,
  );

  // One mail for the approval, bringing the letter.
  const ready = mails.filter((m) => m.to === account.email && m.subject.startsWith('Approved'));
  expect(ready.map((m) => m.subject)).toEqual([
    expect.stringMatching(/^Approved, NOC letter ready: /),
  ]);
  expect(ready[0]!.text).toContain(issued.letterNumber);
  const events = webhooks.filter((w) => w.data.unitKey === unit.key).map((w) => w.type);
  expect(events.slice(-2)).toEqual(['unit.finalised', 'noc_letter.issued']);
  expect(events.filter((e) => e === 'noc_letter.issued')).toHaveLength(1);
});

it('answers 404 to other borrowers, before approval and for rejected units; staff read it', async () => {
  const pending = await decidedUnit('PENDING_APPROVAL');
  const rejected = await decidedUnit('REJECTED');
  const approved = await decidedUnit('APPROVED');
  await worker.drain();
  for (const [token, url] of [
    [pending.borrower, pending.letterUrl],
    [rejected.borrower, rejected.letterUrl],
    [pending.borrower, approved.letterUrl],
  ] as const) {
    const res = await t.app.inject({ url, headers: as(token) });
    expect(res.statusCode).toBe(404);
  }
  expect(await letterOf(rejected.unit.key)).toBeUndefined();
  for (const token of [approver, viewer, admin, approved.borrower]) {
    const res = await t.app.inject({ url: approved.letterUrl, headers: as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.presignedUrl).toEqual(expect.any(String));
  }
  expect((await t.app.inject({ url: approved.letterUrl })).statusCode).toBe(401);
});

it('verifies valid letters publicly, and revocation by approvers and admins only, audited', async () => {
  const { unit, borrower, letterUrl } = await decidedUnit('APPROVED');
  await worker.drain();
  const { letterNumber } = (await letterOf(unit.key))!;

  const valid = await verifyJson(letterNumber.toLowerCase().replaceAll('-', ''));
  expect(valid.statusCode).toBe(200);
  expect(valid.headers['cache-control']).toBe('no-store');
  expect(valid.json()).toEqual({
    status: 'valid',
    letterNumber,
    lenderName: 'Test Lender Housing Finance Ltd',
    projectName: 'Project 1',
    tower: 'A',
    floor: unit.floor,
    unit: unit.unit,
    nocType: 'Final',
    approvedOn: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/),
    revokedOn: null,
    sha256: (await letterOf(unit.key))!.sha256,
  });
  const page = await t.app.inject({
    url: `/verify/${letterNumber}`,
    remoteAddress: '203.0.113.10',
  });
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('Valid NOC letter');
  expect(page.body).toContain(unit.unit);
  expect(page.body).not.toContain('Customer 1');
  // "Check a letter you received": the issued file's SHA-256 and the page's own script, which
  // the page's Content-Security-Policy lets run (same origin; nothing inline).
  expect(page.body).toContain(`data-sha256="${valid.json().sha256}"`);
  expect(page.body).toContain('<script src="/verify/check.js" defer></script>');
  expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
  expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
  const script = await t.app.inject({ url: '/verify/check.js' });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  expect(script.body).toContain("crypto.subtle.digest('SHA-256'");
  // In Hindi when the visitor's browser asks for it, or when they choose it on the page.
  const hindi = await t.app.inject({
    url: `/verify/${letterNumber}`,
    headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
    remoteAddress: '203.0.113.10',
  });
  expect(hindi.body).toContain('<html lang="hi">');
  expect(hindi.body).toContain('मान्य NOC पत्र');
  expect(hindi.body).toContain('आपको मिले पत्र की जाँच करें');
  expect(hindi.body).toContain('<a href="?lang=en" lang="en" hreflang="en">English</a>');
  const chosen = await t.app.inject({
    url: `/verify/${letterNumber}?lang=en`,
    headers: { 'accept-language': 'hi' },
    remoteAddress: '203.0.113.10',
  });
  expect(chosen.body).toContain('<html lang="en">');
  const asJson = await t.app.inject({
    url: `/verify/${letterNumber}`,
    headers: { accept: 'application/json' },
    remoteAddress: '203.0.113.10',
  });
  expect(asJson.json()).toEqual(valid.json());

  const revoke = (token: string, reason = 'Issued against the wrong buyer') =>
    t.app.inject({
      method: 'POST',
      url: `/api/noc-letters/${letterNumber}/revoke`,
      headers: as(token),
      payload: { reason },
    });
  expect((await revoke(borrower)).statusCode).toBe(403);
  expect((await revoke(viewer)).statusCode).toBe(403);
  expect((await revoke(approver, ' ')).statusCode).toBe(400);
  // Two at once: one revokes, the other is told it already is.
  const [first, second] = await Promise.all([revoke(approver), revoke(admin)]);
  expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  const done = first.statusCode === 200 ? first : second;
  expect(done.json().nocLetter).toMatchObject({
    state: 'REVOKED',
    revokeReason: expect.any(String),
  });

  const audit = await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'noc_letter'), eq(auditEvents.entityKey, letterNumber)));
  expect(audit.map((a) => a.action)).toEqual(['noc_letter.issued', 'noc_letter.revoked']);
  expect(audit[1]!.after).toMatchObject({ reason: 'Issued against the wrong buyer' });
  // The unit's history says it too, to its borrower and to staff: who, when and why.
  const { revokedAt } = done.json().nocLetter;
  const role = done === first ? 'approver' : 'admin';
  for (const token of [borrower, viewer]) {
    const history = await t.app.inject({
      url: `/api/projects/${unit.projectKey}/units/${unit.key}/history`,
      headers: as(token),
    });
    expect(history.json().events.at(-1)).toEqual({
      id: expect.any(String),
      at: revokedAt,
      // The borrower reads the lender's people by name and role, without their sign-in e-mail.
      actor: {
        username: token === borrower ? '' : expect.stringMatching(new RegExp(`^${role}-`)),
        role,
        name: `Test ${role}`,
      },
      action: 'noc_letter.revoked',
      before: { revokedAt: null },
      after: { letterNumber, revokedAt, reason: 'Issued against the wrong buyer' },
    });
  }

  const revoked = (await verifyJson(letterNumber)).json();
  expect(revoked).toMatchObject({ status: 'revoked', revokedOn: expect.any(String) });
  const revokedPage = await t.app.inject({
    url: `/verify/${letterNumber}`,
    remoteAddress: '203.0.113.10',
  });
  expect(revokedPage.body).toContain('This NOC letter was revoked');
  expect(revokedPage.body).toContain(`Revoked on</dt><dd>${revoked.revokedOn}`);
  expect(revokedPage.body).toContain(
    'data-match="This file is the issued letter, but the lender has revoked it."',
  );
  // The borrower sees the state but no longer gets a letter to hand on; staff still open it.
  const mine = await t.app.inject({ url: letterUrl, headers: as(borrower) });
  expect(mine.json()).toMatchObject({ file: { state: 'REVOKED' }, meta: { presignedUrl: null } });
  await worker.drain();
  expect(webhooks.at(-1)).toMatchObject({
    type: 'noc_letter.revoked',
    data: { key: letterNumber, unitKey: unit.key, projectKey: unit.projectKey, status: 'REVOKED' },
  });
});

it('keeps a letter revoked while it was prepared, telling nobody it is ready', async () => {
  const { unit, account, borrower, letterUrl } = await decidedUnit('APPROVED');
  await handleEvents(t);
  const { letterNumber } = (await letterOf(unit.key))!;
  const revoked = await t.app.inject({
    method: 'POST',
    url: `/api/noc-letters/${letterNumber}/revoke`,
    headers: as(approver),
    payload: { reason: 'Approved in error' },
  });
  expect(revoked.json().nocLetter.state).toBe('REVOKED');
  await worker.drain();
  expect((await letterOf(unit.key))!.issuedAt).not.toBeNull();
  expect(mails.filter((m) => m.to === account.email && m.subject.startsWith('NOC letter'))).toEqual(
    [],
  );
  expect(webhooks.filter((w) => w.data.key === letterNumber).map((w) => w.type)).toEqual([
    'noc_letter.revoked',
  ]);
  const mine = await t.app.inject({ url: letterUrl, headers: as(borrower) });
  expect(mine.json()).toMatchObject({ file: { state: 'REVOKED' }, meta: { presignedUrl: null } });
  expect((await verifyJson(letterNumber, '203.0.113.11')).json().status).toBe('revoked');
});

it('answers unknown and malformed numbers alike, and limits lookups per address', async () => {
  const address = '198.51.100.7';
  const unknown = await verifyJson('NOC-0000-0000-0000-0000', address);
  const malformed = await verifyJson('not a letter <script>', address);
  expect([unknown.statusCode, malformed.statusCode]).toEqual([200, 200]);
  expect(malformed.json()).toEqual({ status: 'unknown' });
  expect(malformed.body).toBe(unknown.body);
  const pages = await Promise.all(
    ['NOC-0000-0000-0000-0000', 'x'].map((n) =>
      t.app.inject({ url: `/verify/${encodeURIComponent(n)}`, remoteAddress: address }),
    ),
  );
  expect(pages[0]!.body).toBe(pages[1]!.body);
  expect(pages[0]!.body).toContain('No such NOC letter');

  const used = 4;
  const answers = await Promise.all(
    Array.from({ length: VERIFICATIONS_PER_ADDRESS.limit - used + 5 }, () =>
      verifyJson('NOC-0000-0000-0000-0000', address),
    ),
  );
  const refused = answers.filter((a) => a.statusCode === 429);
  expect(refused).toHaveLength(5);
  expect(refused[0]!.headers['retry-after']).toEqual(expect.any(String));
  const page = await t.app.inject({ url: '/verify/x', remoteAddress: address });
  expect(page.statusCode).toBe(429);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('Too many lookups');
  // Another address is not held back.
  expect((await verifyJson('NOC-0000-0000-0000-0000', '198.51.100.8')).statusCode).toBe(200);
});

it('tells admins, and only them, that letters are not signed without a certificate', async () => {
  const answer = await t.app.inject({ url: '/api/admin/noc-letter-signing', headers: as(admin) });
  expect(answer.json()).toEqual({ certificate: null });
  const refused = await t.app.inject({
    url: '/api/admin/noc-letter-signing',
    headers: as(approver),
  });
  expect(refused.statusCode).toBe(403);
});

describe('with a signing certificate, a letterhead and four-eyes release', () => {
  let signed: TestApp;
  let signedWorker: OutboxWorker;
  let work: string;
  let first: string;
  let second: string;
  const PASSWORD = 'letters-p12-password';

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'noc-signed-'));
    const certificate = writeSigningCertificate(work, createTestAuthority(), {
      signer: 'Meera Iyer',
      password: PASSWORD,
    });
    const logo = path.join(work, 'logo.png');
    writeFileSync(logo, sampleLetterhead.logo!.bytes);
    signed = await createTestApp({
      LENDER_NAME: 'Test Lender Housing Finance Ltd',
      LENDER_LOGO: logo,
      LENDER_ADDRESS: 'Registered office: Lower Parel, Mumbai 400 013',
      LENDER_CIN: 'u65922mh2010plc123456',
      NOC_SIGNATORY_NAME: 'Meera Iyer',
      NOC_SIGNATORY_DESIGNATION: 'Head, Operations',
      NOC_SIGNING_CERTIFICATE: certificate,
      NOC_SIGNING_CERTIFICATE_PASSWORD: PASSWORD,
      NOC_TWO_APPROVERS: 'true',
    });
    signedWorker = createOutboxWorker({
      db: signed.db,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      handlers: outboxHandlersFor(signed.env, {
        storage: storageFor(signed.env),
        mailer: undefined,
      }),
    });
    first = await tokenFor(signed.db, (await seedStaff(signed.db, 'approver')).id);
    second = await tokenFor(signed.db, (await seedStaff(signed.db, 'admin')).id);
  });
  afterAll(async () => {
    await signed?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('issues a signed letter naming both approvers, the loan and the project address', async () => {
    const { unit, borrower, letterUrl } = await decidedUnit('APPROVED', {
      app: signed,
      approvers: [first, second],
    });
    await signed.db
      .update(projects)
      .set({ address: 'Survey No. 112/3, Baner, Pune 411 045' })
      .where(eq(projects.key, unit.projectKey));
    await signedWorker.drain();
    const [letter] = await signed.db
      .select()
      .from(nocLetters)
      .where(eq(nocLetters.unitKey, unit.key));
    expect(NocLetterDetailsSchema.parse(letter!.details)).toMatchObject({
      approvedBy: 'Test admin',
      firstApprovedBy: 'Test approver',
      projectAddress: 'Survey No. 112/3, Baner, Pune 411 045',
    });
    const answer = await signed.app.inject({ url: letterUrl, headers: as(borrower) });
    const stored = (await download(signed.app, answer.json().meta.presignedUrl)).rawPayload;
    expect(sha256Hex(stored)).toBe(letter!.sha256);
    expect(stored.includes('/SubFilter /ETSI.CAdES.detached')).toBe(true);
    if (spawnSync('pdfsig', ['-v']).error === undefined) {
      const file = path.join(work, 'issued.pdf');
      writeFileSync(file, stored);
      const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
      expect(report).toContain('Signer Certificate Common Name: Meera Iyer');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signature is Valid.');
      const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
      expect(text).toContain('CIN U65922MH2010PLC123456');
      expect(text).toContain('Digitally signed by Meera Iyer');
      expect(text).toContain('Survey No. 112/3, Baner, Pune 411 045');
    }
  });

  it('tells admins which certificate signs new letters', async () => {
    const answer = await signed.app.inject({
      url: '/api/admin/noc-letter-signing',
      headers: as(second),
    });
    expect(answer.json()).toEqual({
      certificate: {
        name: 'Meera Iyer',
        issuer: 'Test Lender Root CA',
        validTo: expect.any(String),
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });
});
