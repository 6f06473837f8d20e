import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DomainError,
  type Language,
  type SignupBody,
  type SignupConfirmBody,
} from '@portal/domain';
import type { Database, Executor } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { codeMail } from '../../mail/templates.ts';
import { consumeCode, issueCode, latestRegistration, retireCodes } from './one-time-codes.ts';
import { hashSecret } from './passwords.ts';
import {
  CODE_ENTRY,
  CODE_SENDS,
  releaseAttempt,
  reserveAttempt,
  resetAttempts,
  SIGN_UP_CHECK_PER_ADDRESS,
} from './throttle.ts';
import { knownLanguage, usersRepository as users } from './users.repository.ts';

/** The browser that signed up holds this token (httpOnly cookie); its code is bound to it. */
export const SIGN_UP_COOKIE = 'portal_signup';
export const bindingHashOf = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** Step one (docs/product.md#screens): the id must be a lender account that nobody has registered yet. */
export async function checkSignupAccount(db: Executor, accountId: string) {
  const account = await users.findAccount(db, accountId);
  if (!account) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.accountId' });
  const existing = await users.findByAccountKey(db, account.key);
  if (existing?.emailVerifiedAt) throw new DomainError('USER_EXISTS');
  return account;
}

/**
 * "Asha Mehta" → "A*** M****": enough for borrowers to see they typed their own id, too little
 * to harvest the lender's customer names by trying ids.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}

/**
 * The sign-up screen's id check, throttled per address: an unknown id counts against the address,
 * a known one gives its reservation back, so people who mistype get room and enumerators do not.
 */
export async function lookUpAccountForSignUp(db: Database, accountId: string, address: string) {
  const throttleKey = `sign-up-check:address:${address}`;
  await reserveAttempt(db, throttleKey, SIGN_UP_CHECK_PER_ADDRESS);
  try {
    const account = await checkSignupAccount(db, accountId);
    await releaseAttempt(db, throttleKey, SIGN_UP_CHECK_PER_ADDRESS);
    return { accountId: account.key, name: maskName(account.name) };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'USER_EXISTS') {
      await releaseAttempt(db, throttleKey, SIGN_UP_CHECK_PER_ADDRESS);
    }
    throw error;
  }
}

/**
 * The unconfirmed user behind an account, created on the first sign-up. Concurrent sign-ups for
 * one account all get the same row: the insert yields to the one that got there first.
 */
async function pendingUserFor(
  tx: Executor,
  account: { key: string; email: string; name: string },
  language: Language,
) {
  await tx
    .insert(usersTable)
    .values({
      username: account.key,
      email: account.email,
      name: account.name,
      role: 'client',
      accountKey: account.key,
      language,
    })
    .onConflictDoNothing();
  const user = await users.findByAccountKey(tx, account.key);
  if (!user || user.emailVerifiedAt) throw new DomainError('USER_EXISTS');
  // The latest sign-up's language is the one the borrower reads the portal in.
  return user.language === language ? user : users.update(tx, user.id, { language });
}

async function mailSignUpCode(
  tx: Executor,
  user: { id: string; email: string; name: string | null; language: string },
  registration: { passwordHash: string | null; bindingHash: string | null },
) {
  const code = await issueCode(tx, user.id, 'signup', registration);
  const language = knownLanguage.parse(user.language);
  await enqueueMail(
    tx,
    { to: user.email, ...codeMail({ purpose: 'signup', code, name: user.name, language }) },
    { containsSecret: true },
  );
}

/**
 * Step two (docs/product.md#roles): the e-mail must be the one the lender holds, so knowing an account id is
 * not enough to take it over; the code goes to that address. The password chosen here becomes the
 * user's only when this sign-up's code is confirmed, so a second sign-up by someone else can
 * neither replace it nor be confirmed from the first sign-up's browser.
 */
export async function signUp(db: Database, input: SignupBody, language: Language) {
  const account = await checkSignupAccount(db, input.accountId);
  if (input.email.toLowerCase() !== account.email.toLowerCase()) {
    throw new DomainError('EMAIL_MISMATCH');
  }
  await reserveAttempt(db, `code-send:signup:${account.key}`, CODE_SENDS);
  const passwordHash = await hashSecret(input.password);
  const bindingToken = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const user = await pendingUserFor(tx, account, language);
    await mailSignUpCode(tx, user, { passwordHash, bindingHash: bindingHashOf(bindingToken) });
  });
  return { accountId: account.key, bindingToken };
}

/**
 * Confirms the sign-up whose code this is; from the browser that signed up (it sends its token)
 * only that sign-up's code counts. The code's password becomes the user's.
 */
export async function confirmSignUp(
  db: Database,
  input: SignupConfirmBody,
  bindingToken: string | undefined,
) {
  const throttleKey = `code-entry:signup:${input.accountId}`;
  await reserveAttempt(db, throttleKey, CODE_ENTRY);
  const user = await users.findByAccountKey(db, input.accountId);
  const pending = user && !user.emailVerifiedAt ? user : undefined;
  const registration = await consumeCode(db, pending?.id, 'signup', input.code, {
    bindingHash: bindingToken ? bindingHashOf(bindingToken) : undefined,
  });
  await db.transaction(async (tx) => {
    const confirmed = await tx
      .update(usersTable)
      .set({
        emailVerifiedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(registration.passwordHash ? { passwordHash: registration.passwordHash } : {}),
      })
      .where(and(eq(usersTable.id, pending!.id), isNull(usersTable.emailVerifiedAt)))
      .returning({ id: usersTable.id });
    // Two sign-ups of one account confirmed at the same moment: the first one stands.
    if (confirmed.length === 0) throw new DomainError('USER_EXISTS');
    await retireCodes(tx, pending!.id, 'signup');
  });
  await resetAttempts(db, throttleKey);
  return { accountId: input.accountId };
}

/**
 * Always 202 to the caller; a code is sent only to a registration that awaits one: the asking
 * browser's own sign-up, else the newest.
 */
export async function resendSignUpCode(
  db: Database,
  accountId: string,
  bindingToken: string | undefined,
) {
  await reserveAttempt(db, `code-send:signup:${accountId}`, CODE_SENDS);
  const user = await users.findByAccountKey(db, accountId);
  if (!user || user.emailVerifiedAt) return;
  const registration =
    (bindingToken && (await latestRegistration(db, user.id, bindingHashOf(bindingToken)))) ||
    (await latestRegistration(db, user.id));
  await db.transaction(async (tx) => {
    await mailSignUpCode(tx, user, registration ?? { passwordHash: null, bindingHash: null });
  });
}
