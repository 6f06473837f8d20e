import { DomainError, type SignupBody, type SignupConfirmBody } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { codeMail } from '../../mail/templates.ts';
import { consumeCode, issueCode } from './one-time-codes.ts';
import { hashSecret } from './passwords.ts';
import {
  assertNotLocked,
  CODE_ENTRY,
  CODE_SENDS,
  recordAttempt,
  resetAttempts,
} from './throttle.ts';
import { usersRepository as users } from './users.repository.ts';

const NO_SUCH_ACCOUNT =
  'We could not find this account id. Check it against your loan documents or contact your lender.';

/** Step one (SPEC §2): the id must be a lender account that nobody has registered yet. */
export async function checkSignupAccount(db: Database, accountId: string) {
  const account = await users.findAccount(db, accountId);
  if (!account) throw new DomainError('NOT_FOUND', NO_SUCH_ACCOUNT);
  const existing = await users.findByAccountKey(db, account.key);
  if (existing?.emailVerifiedAt) throw new DomainError('USER_EXISTS');
  return { account, pendingUser: existing };
}

/**
 * Step two (DESIGN §3): the e-mail must be the one the lender holds, so knowing an account id is
 * not enough to take it over; the code goes to that address. Repeating sign-up before confirming
 * replaces the pending registration.
 */
export async function signUp(db: Database, input: SignupBody) {
  const { account, pendingUser } = await checkSignupAccount(db, input.accountId);
  if (input.email.toLowerCase() !== account.email.toLowerCase()) {
    throw new DomainError(
      'EMAIL_MISMATCH',
      'This e-mail address does not match the one your lender has on record for this account.',
    );
  }
  await assertNotLocked(db, `code-send:signup:${account.key}`);
  const passwordHash = await hashSecret(input.password);
  await db.transaction(async (tx) => {
    const fields = {
      email: account.email,
      passwordHash,
      name: account.name,
      emailVerifiedAt: null,
    };
    const user = pendingUser
      ? await users.update(tx, pendingUser.id, fields)
      : await users.insert(tx, {
          ...fields,
          username: account.key,
          role: 'client',
          accountKey: account.key,
        });
    const code = await issueCode(tx, user.id, 'signup');
    await enqueueMail(tx, {
      to: account.email,
      ...codeMail({ purpose: 'signup', code, name: account.name }),
    });
  });
  await recordAttempt(db, `code-send:signup:${account.key}`, CODE_SENDS);
  return { accountId: account.key };
}

export async function confirmSignUp(db: Database, input: SignupConfirmBody) {
  const throttleKey = `code-entry:signup:${input.accountId}`;
  await assertNotLocked(db, throttleKey);
  const user = await users.findByAccountKey(db, input.accountId);
  const pending = user && !user.emailVerifiedAt ? user : undefined;
  try {
    await consumeCode(db, pending?.id, 'signup', input.code);
  } catch (error) {
    await recordAttempt(db, throttleKey, CODE_ENTRY);
    throw error;
  }
  await users.update(db, pending!.id, { emailVerifiedAt: new Date() });
  await resetAttempts(db, throttleKey);
  return { accountId: input.accountId };
}

/** Always 202 to the caller; a code is sent only to a registration that awaits one. */
export async function resendSignUpCode(db: Database, accountId: string) {
  const throttleKey = `code-send:signup:${accountId}`;
  await assertNotLocked(db, throttleKey);
  const user = await users.findByAccountKey(db, accountId);
  if (!user || user.emailVerifiedAt) return;
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, user.id, 'signup');
    await enqueueMail(tx, {
      to: user.email,
      ...codeMail({ purpose: 'signup', code, name: user.name ?? '' }),
    });
  });
  await recordAttempt(db, throttleKey, CODE_SENDS);
}
