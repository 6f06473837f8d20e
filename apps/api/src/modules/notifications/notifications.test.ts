import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedLoans } from '../../../test/factories.ts';
import { latestMailTo } from '../../../test/mail.ts';
import { users } from '../../db/schema.ts';
import type { RecordedEvent } from '../events/domain-events.ts';
import { notificationsFor } from './notifications.ts';

const notifications = notificationsFor({
  publicUrl: 'https://portal.example',
  approverEmail: undefined,
});

/** A unit's final decision as its outbox job hands it to the handlers. */
const unitDecided = (
  unitKey: string,
  accountId: string,
  approvalStatus: 'APPROVED' | 'REJECTED',
): RecordedEvent => ({
  id: 'event-1',
  type: 'unit.finalised',
  occurredAt: new Date().toISOString(),
  actor: { id: null, username: 'checker', role: 'approver' },
  orderingKey: `unit:${unitKey}`,
  data: { key: unitKey, accountId, approvalStatus },
});

/** The NOC letter of an approved unit, issued. */
const letterIssued = (unitKey: string, accountId: string): RecordedEvent => ({
  id: 'event-2',
  type: 'noc_letter.issued',
  occurredAt: new Date().toISOString(),
  actor: { id: null, username: 'checker', role: 'approver' },
  orderingKey: 'noc_letter:NOC-AAAA-BBBB-CCCC-DDDD',
  data: { key: 'NOC-AAAA-BBBB-CCCC-DDDD', unitKey, accountId, status: 'ISSUED' },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('writes a borrower’s notice in the language they chose, and an English borrower’s in English', async () => {
  const subjects: Record<string, string | undefined> = {};
  for (const language of ['hi', 'en'] as const) {
    const { user, account } = await seedBorrower(t.db);
    await t.db.update(users).set({ language }).where(eq(users.id, user.id));
    const { units } = await seedLoans(t.db, account.key, {
      opportunities: 1,
      projects: 1,
      units: 1,
    });
    const unit = units[0]!;
    await notifications.letterReady(t.db, letterIssued(unit.key, account.key));
    subjects[language] = (await latestMailTo(t.db, account.email))?.subject;
  }
  expect(subjects.hi).toBe('अनुमोदित, NOC पत्र तैयार है: Project 1 · टावर A · यूनिट A-101');
  expect(subjects.en).toBe('Approved, NOC letter ready: Project 1 · Tower A · Unit A-101');
});

it('tells a unit’s approval once, in the mail that brings its NOC letter', async () => {
  const { account } = await seedBorrower(t.db);
  const { units } = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 1 });
  await notifications.decided(t.db, unitDecided(units[0]!.key, account.key, 'APPROVED'));
  expect(await latestMailTo(t.db, account.email)).toBeUndefined();
  await notifications.letterReady(t.db, letterIssued(units[0]!.key, account.key));
  const mail = await latestMailTo(t.db, account.email);
  expect(mail?.text).toContain(
    'The lender’s checker approved the documents of Project 1 · Tower A · Unit A-101, and its NOC letter (letter no. NOC-AAAA-BBBB-CCCC-DDDD) is ready.',
  );
});

it('names a rejected document by its type in the borrower’s language', async () => {
  const texts: Record<string, string | undefined> = {};
  for (const language of ['hi', 'en'] as const) {
    const { user, account } = await seedBorrower(t.db);
    await t.db.update(users).set({ language }).where(eq(users.id, user.id));
    const { units } = await seedLoans(t.db, account.key, {
      opportunities: 1,
      projects: 1,
      units: 1,
    });
    const unit = units[0]!;
    // The documents as the rejection named them: the borrower may have replaced one since.
    await notifications.decided(t.db, {
      ...unitDecided(unit.key, account.key, 'REJECTED'),
      context: { rejected: [{ fileType: 'KYC_APPLICANT', reason: null, remarks: 'Blurred scan' }] },
    });
    texts[language] = (await latestMailTo(t.db, account.email))?.text;
  }
  expect(texts.hi).toContain('आवेदक का KYC: Blurred scan');
  expect(texts.en).toContain('KYC Applicant: Blurred scan');
});
