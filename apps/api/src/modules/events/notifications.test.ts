import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedBorrower, seedLoans } from '../../../test/factories.ts';
import { latestMailTo } from '../../../test/mail.ts';
import { unitFiles, users } from '../../db/schema.ts';
import { queueNotifications } from './notifications.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('writes a borrower’s notice in the language they chose, and an English borrower’s in English', async () => {
  const config = { publicUrl: 'https://portal.example', approverEmail: undefined };
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
    await queueNotifications(
      t.db,
      {
        type: 'unit.finalised',
        orderingKey: `unit:${unit.key}`,
        data: { key: unit.key, accountId: account.key, approvalStatus: 'APPROVED' },
      },
      config,
    );
    subjects[language] = (await latestMailTo(t.db, account.email))?.subject;
  }
  expect(subjects.hi).toBe('स्वीकृत: Project 1 · टावर A · यूनिट A-101');
  expect(subjects.en).toBe('Approved: Project 1 · Tower A · Unit A-101');
});

it('names a rejected document by its type in the borrower’s language', async () => {
  const config = { publicUrl: 'https://portal.example', approverEmail: undefined };
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
    await t.db.insert(unitFiles).values({
      parentKey: unit.key,
      accountKey: account.key,
      fileType: 'KYC_APPLICANT',
      approvalStatus: 'REJECTED',
      approverRemarks: 'Blurred scan',
      completedAt: new Date(),
    });
    await queueNotifications(
      t.db,
      {
        type: 'unit.finalised',
        orderingKey: `unit:${unit.key}`,
        data: { key: unit.key, accountId: account.key, approvalStatus: 'REJECTED' },
      },
      config,
    );
    texts[language] = (await latestMailTo(t.db, account.email))?.text;
  }
  expect(texts.hi).toContain('आवेदक का KYC: Blurred scan');
  expect(texts.en).toContain('KYC Applicant: Blurred scan');
});
