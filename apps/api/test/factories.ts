import { randomUUID } from 'node:crypto';
import type { Role } from '@portal/domain';
import type { Database } from '../src/db/client.ts';
import { accounts } from '../src/db/schema.ts';
import { hashSecret } from '../src/modules/identity/passwords.ts';
import { createSession } from '../src/modules/identity/sessions.ts';
import { usersRepository } from '../src/modules/identity/users.repository.ts';
import { importLenderData } from '../src/modules/lender-data/import-lender-data.ts';

export const TEST_PASSWORD = 'Secret#123';

/** Seed factories by state, shared by the API tests. */
export async function seedAccount(
  db: Database,
  overrides: Partial<typeof accounts.$inferInsert> = {},
) {
  const key = overrides.key ?? `ACC${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await db
    .insert(accounts)
    .values({
      key,
      name: `Account ${key}`,
      email: `${key.toLowerCase()}@borrower.example`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A registered, confirmed borrower of a (new or given) account. */
export async function seedBorrower(
  db: Database,
  options: { accountKey?: string; disabled?: boolean } = {},
) {
  const account = options.accountKey
    ? (await usersRepository.findAccount(db, options.accountKey))!
    : await seedAccount(db);
  const user = await usersRepository.insert(db, {
    username: account.key,
    email: account.email,
    role: 'client',
    accountKey: account.key,
    name: account.name,
    passwordHash: await hashSecret(TEST_PASSWORD),
    emailVerifiedAt: new Date(),
    disabled: options.disabled ?? false,
  });
  return { account, user };
}

export async function seedStaff(db: Database, role: Exclude<Role, 'client'>) {
  const email = `${role}-${randomUUID().slice(0, 8)}@lender.example`;
  return usersRepository.insert(db, {
    username: email,
    email,
    role,
    name: `Test ${role}`,
    oidcSubject: `test|${email}`,
    emailVerifiedAt: new Date(),
  });
}

/** A bearer token for the user, as sign-in would give. */
export async function tokenFor(db: Database, userId: string) {
  return (await createSession(db, userId, { federated: false })).token;
}

/** Loans for an account through the real import path: `opportunities` loans with `projects` projects each. */
export async function seedLoans(
  db: Database,
  accountKey: string,
  counts: { opportunities: number; projects?: number; units?: number },
) {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const opportunities = Array.from({ length: counts.opportunities }, (_, i) => ({
    key: `OPP-${tag}-${String(i + 1).padStart(3, '0')}`,
    accountId: accountKey,
    name: `Loan ${i + 1}`,
    sanctionAmount: String(1_000_000 + i),
    peakExposure: '500000.50',
    currentFace: '250000.25',
  }));
  const projects = opportunities.flatMap((o) =>
    Array.from({ length: counts.projects ?? 0 }, (_, p) => ({
      key: `${o.key}-P${String(p + 1).padStart(3, '0')}`,
      opportunityKey: o.key,
      name: `Project ${p + 1}`,
    })),
  );
  const units = projects.flatMap((p) =>
    Array.from({ length: counts.units ?? 0 }, (_, u) => ({
      key: `${p.key}-U${String(u + 1).padStart(3, '0')}`,
      projectKey: p.key,
      name: `Flat ${u + 1}`,
      tower: 'A',
      floor: String(u + 1),
      unit: `A-${u + 1}01`,
      areaSqft: '1000',
      customerName: `Customer ${u + 1}`,
      maxSellingPrice: '9500000',
      baseSellingPrice: '9000000',
      totalSaleValue: '9900000',
      amountToBeReceived: '350000',
      selectedNoc: 'Final' as const,
    })),
  );
  await importLenderData(db, { opportunities, projects, units });
  return { opportunities, projects, units };
}

export async function seedCollateral(
  db: Database,
  accountKey: string,
  collateralName = 'Receivables of Tower A',
) {
  const key = `COL-${randomUUID().slice(0, 8).toUpperCase()}`;
  await importLenderData(db, { collaterals: [{ key, accountId: accountKey, collateralName }] });
  return { key, collateralName };
}
