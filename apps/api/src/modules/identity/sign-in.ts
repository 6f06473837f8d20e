import { DomainError, type SigninBody } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { latestRegistration } from './one-time-codes.ts';
import { verifySecret } from './passwords.ts';
import { createSession } from './sessions.ts';
import {
  releaseAttempt,
  reserveAttempt,
  resetAttempts,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_PER_USERNAME,
} from './throttle.ts';
import { usersRepository as users } from './users.repository.ts';

/**
 * Password sign-in (DESIGN §3–§4). Each try first reserves an attempt for its username and its
 * address, so concurrent guesses cannot pass the lock-out; a wrong password and an unknown
 * username get the same answer, and both count, so the answers never reveal which exist.
 */
export async function signIn(db: Database, input: SigninBody, address: string) {
  const userKey = `sign-in:user:${input.username}`;
  const addressKey = `sign-in:address:${address}`;
  await reserveAttempt(db, userKey, SIGN_IN_PER_USERNAME);
  await reserveAttempt(db, addressKey, SIGN_IN_PER_ADDRESS);

  const user = await users.findByUsernameOrEmail(db, input.username);
  // A borrower who has not confirmed yet has no password but the one chosen with the sign-up code.
  const passwordHash = user?.emailVerifiedAt
    ? user.passwordHash
    : user && ((await latestRegistration(db, user.id))?.passwordHash ?? user.passwordHash);
  if (!user || !(await verifySecret(passwordHash, input.password))) {
    throw new DomainError('INVALID_CREDENTIALS');
  }
  // The right password: the address gets its attempt back, the username starts afresh.
  await releaseAttempt(db, addressKey, SIGN_IN_PER_ADDRESS);
  await resetAttempts(db, userKey);
  if (user.disabled) throw new DomainError('USER_DISABLED');
  if (!user.emailVerifiedAt) throw new DomainError('USER_NOT_CONFIRMED');
  const { token, expiresAt } = await createSession(db, user.id, { federated: false });
  return { token, expiresAt, userId: user.id };
}
