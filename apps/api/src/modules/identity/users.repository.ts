import { and, eq, inArray, sql } from 'drizzle-orm';
import { LanguageSchema } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A stored language the portal does not write in reads as English. */
export const knownLanguage = LanguageSchema.catch('en');

export const usersRepository = {
  async findById(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /** A username is an account id (upper-cased) or, for sign-in and reset, an e-mail (any case). */
  async findByUsernameOrEmail(db: Executor, username: string) {
    const condition = username.includes('@')
      ? sql`lower(${users.email}) = ${username.toLowerCase()}`
      : eq(users.username, username.toUpperCase());
    const [row] = await db.select().from(users).where(condition).limit(1);
    return row;
  },

  /** The language of the borrower of an account, else of the user with this e-mail; English when none. */
  async languageOf(db: Executor, recipient: { accountKey?: string; email?: string }) {
    const condition = recipient.accountKey
      ? eq(users.accountKey, recipient.accountKey)
      : sql`lower(${users.email}) = ${(recipient.email ?? '').toLowerCase()}`;
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(condition)
      .limit(1);
    return knownLanguage.parse(row?.language);
  },

  /** languageOf for many accounts in one read: each account's borrower's language, English when none. */
  async languagesOfAccounts(db: Executor, accountKeys: string[]) {
    const rows =
      accountKeys.length === 0
        ? []
        : await db
            .selectDistinctOn([users.accountKey], {
              accountKey: users.accountKey,
              language: users.language,
            })
            .from(users)
            .where(inArray(users.accountKey, accountKeys))
            .orderBy(users.accountKey);
    const languages = new Map(
      rows.map((row) => [row.accountKey, knownLanguage.parse(row.language)]),
    );
    return (accountKey: string) => languages.get(accountKey) ?? knownLanguage.parse(undefined);
  },

  async findByAccountKey(db: Executor, accountKey: string) {
    const [row] = await db.select().from(users).where(eq(users.accountKey, accountKey));
    return row;
  },

  /**
   * The staff user a sign-on identity belongs to: the one bound to its subject, else a staff user
   * holding its e-mail (bound ones first, so the caller can refuse a second identity for one
   * e-mail). Locks the row for the caller's transaction, so two sign-ins cannot both bind it.
   */
  async findStaff(db: Executor, oidcSubject: string, email: string) {
    const [bySubject] = await db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, oidcSubject))
      .for('update');
    if (bySubject) return bySubject;
    const [byEmail] = await db
      .select()
      .from(users)
      .where(
        and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.accountKey} is null`),
      )
      .orderBy(sql`${users.oidcSubject} is null`)
      .limit(1)
      .for('update');
    return byEmail;
  },

  async insert(db: Executor, user: NewUser) {
    const [row] = await db.insert(users).values(user).returning();
    return row!;
  },

  async update(db: Executor, id: string, changes: Partial<NewUser>) {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row!;
  },

  async deleteById(db: Executor, id: string) {
    await db.delete(users).where(eq(users.id, id));
  },

  async findAccount(db: Executor, key: string) {
    const [row] = await db.select().from(accounts).where(eq(accounts.key, key));
    return row;
  },
};
