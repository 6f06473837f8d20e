import { DomainError, type SigninBody } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { verifySecret } from './passwords.ts';
import { createSession } from './sessions.ts';
import {
  assertNotLocked,
  recordAttempt,
  resetAttempts,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_PER_USERNAME,
} from './throttle.ts';
import { usersRepository as users } from './users.repository.ts';

/**
 * Password sign-in (DESIGN §3–§4). A wrong password and an unknown username get the same answer,
 * and both count towards the username's lock-out, so the answers never reveal which exist.
 */
export async function signIn(db: Database, input: SigninBody, address: string) {
  const userKey = `sign-in:user:${input.username}`;
  const addressKey = `sign-in:address:${address}`;
  await assertNotLocked(db, userKey);
  await assertNotLocked(db, addressKey);

  const user = await users.findByUsernameOrEmail(db, input.username);
  const passwordOk = await verifySecret(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    await recordAttempt(db, userKey, SIGN_IN_PER_USERNAME);
    await recordAttempt(db, addressKey, SIGN_IN_PER_ADDRESS);
    throw new DomainError('INVALID_CREDENTIALS');
  }
  if (user.disabled) throw new DomainError('USER_DISABLED');
  if (!user.emailVerifiedAt) {
    throw new DomainError('USER_NOT_CONFIRMED');
  }
  await resetAttempts(db, userKey);
  const { token, expiresAt } = await createSession(db, user.id, { federated: false });
  return { token, expiresAt, userId: user.id };
}
