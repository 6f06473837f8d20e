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
    await notifications.decided(t.db, unitDecided(unit.key, account.key, 'APPROVED'));
    subjects[language] = (await latestMailTo(t.db, account.email))?.subject;
  }
  expect(subjects.hi).toBe('स्वीकृत: Project 1 · टावर A · यूनिट A-101');
  expect(subjects.en).toBe('Approved: Project 1 · Tower A · Unit A-101');
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
