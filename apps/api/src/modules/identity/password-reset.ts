import type { PasswordForgotBody, PasswordResetBody } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { codeMail } from '../../mail/templates.ts';
import { consumeCode, issueCode } from './one-time-codes.ts';
import { hashSecret } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { signInAttemptsKey } from './sign-in.ts';
import {
  CODE_ENTRY,
  CODE_SENDS,
  reserveAttempt,
  resetAttempts,
  ThrottledError,
} from './throttle.ts';
import { knownLanguage, usersRepository as users } from './users.repository.ts';

/**
 * Always answers the same way (docs/product.md#roles): a code is mailed only to an active borrower, and an
 * address that asks too often is quietly not mailed again rather than told so.
 */
export async function requestPasswordReset(db: Database, input: PasswordForgotBody) {
  const user = await users.findByUsernameOrEmail(db, input.username);
  if (!user || !user.passwordHash || !user.emailVerifiedAt || user.disabled) return;
  try {
    await reserveAttempt(db, `code-send:password_reset:${user.id}`, CODE_SENDS);
  } catch (error) {
    if (error instanceof ThrottledError) return;
    throw error;
  }
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, user.id, 'password_reset');
    await enqueueMail(
      tx,
      {
        to: user.email,
        ...codeMail({
          purpose: 'password_reset',
          code,
          name: user.name,
          language: knownLanguage.parse(user.language),
        }),
      },
      { containsSecret: true },
    );
  });
}

/** A new password ends every open session and lifts a sign-in lock-out. */
export async function resetPassword(db: Database, input: PasswordResetBody) {
  const user = await users.findByUsernameOrEmail(db, input.username);
  const throttleKey = `code-entry:password_reset:${user?.id ?? input.username}`;
  await reserveAttempt(db, throttleKey, CODE_ENTRY);
  await consumeCode(db, user && !user.disabled ? user.id : undefined, 'password_reset', input.code);
  const passwordHash = await hashSecret(input.newPassword);
  await db.transaction(async (tx) => {
    await users.update(tx, user!.id, { passwordHash });
    await revokeUserSessions(tx, user!.id);
  });
  await resetAttempts(db, throttleKey);
  await resetAttempts(db, signInAttemptsKey(user!.id));
  return { username: user!.username };
}
