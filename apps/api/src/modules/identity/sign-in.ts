import {
  DomainError,
  type SigninBody,
  type SignInChallengeKind,
  type TwoFactorSignInBody,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { latestRegistration } from './one-time-codes.ts';
import { verifySecret } from './passwords.ts';
import { createSession } from './sessions.ts';
import {
  reserveAttempt,
  resetAttempts,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_PER_USER,
  slowDown,
} from './throttle.ts';
import {
  acceptCode,
  acceptRecoveryCode,
  challengeFor,
  confirmEnrolment,
  consumeChallenge,
  createChallenge,
  reserveChallengeTry,
  type TwoFactorSettings,
} from './two-factor.ts';
import { usersRepository as users, type UserRow } from './users.repository.ts';

/** A session, or the two-factor challenge a borrower must answer before one exists. */
export type SignInOutcome =
  | { token: string; expiresAt: Date; userId: string }
  | { challenge: SignInChallengeKind; challengeToken: string };

/**
 * The key of a user's count of sign-in attempts: DESIGN §4 (settled 2026-11-27) has the account id
 * and the e-mail share one.
 */
export const signInAttemptsKey = (userId: string) => `sign-in:user:${userId}`;

/** A wrong password (or unknown username) counts against the address, which is slowed, never refused. */
const failedFrom = (db: Database, address: string) =>
  slowDown(db, `sign-in:address:${address}`, SIGN_IN_FAILURES_PER_ADDRESS);

/**
 * Password sign-in (DESIGN §3–§4). Each try first reserves an attempt on its user's count, so
 * concurrent guesses cannot pass the lock-out; a wrong password and an unknown username get the
 * same answer and the same delay, and both count, so the answers never reveal which exist.
 */
export async function signIn(
  db: Database,
  input: SigninBody,
  address: string,
  twoFactor: TwoFactorSettings,
): Promise<SignInOutcome> {
  const user = await users.findByUsernameOrEmail(db, input.username);
  // An identifier no user has is counted by its normalised text: it locks like a known one.
  const attemptsKey = user ? signInAttemptsKey(user.id) : `sign-in:unknown:${input.username}`;
  await reserveAttempt(db, attemptsKey, SIGN_IN_PER_USER);

  // A borrower who has not confirmed yet has no password but the one chosen with the sign-up code.
  const passwordHash = user?.emailVerifiedAt
    ? user.passwordHash
    : user && ((await latestRegistration(db, user.id))?.passwordHash ?? user.passwordHash);
  if (!user || !(await verifySecret(passwordHash, input.password))) {
    await failedFrom(db, address);
    throw new DomainError('INVALID_CREDENTIALS');
  }
  // The right password: the count starts afresh — unless a second factor is still owed: then the
  // attempt stays counted until it is given, so knowing the password cannot wipe the count of
  // wrong codes.
  const challenge = challengeFor(twoFactor, user);
  if (!challenge) await resetAttempts(db, attemptsKey);
  if (user.disabled) throw new DomainError('USER_DISABLED');
  if (!user.emailVerifiedAt) throw new DomainError('USER_NOT_CONFIRMED');
  if (challenge) {
    return { challenge, challengeToken: await createChallenge(db, user.id, challenge) };
  }
  const { token, expiresAt } = await createSession(db, user.id, { federated: false });
  return { token, expiresAt, userId: user.id };
}

/**
 * The second step of a TOTP_REQUIRED sign-in: the authenticator's code or a recovery code. A try
 * is reserved on the challenge and on the user's count of sign-in attempts before anything is
 * compared, so wrong codes lock the user like wrong passwords do.
 */
export async function signInWithSecondFactor(
  db: Database,
  twoFactor: TwoFactorSettings,
  input: TwoFactorSignInBody,
) {
  const { challengeId, user } = await reserveSecondFactorTry(
    db,
    input.challengeToken,
    'TOTP_REQUIRED',
  );
  if ('code' in input) await acceptCode(db, twoFactor, user, input.code);
  else await acceptRecoveryCode(db, user.id, input.recoveryCode);
  return finishChallenge(db, challengeId, user);
}

/** The last step of an MFA_SETUP sign-in: the app's first code turns two-factor sign-in on. */
export async function enrolAtSignIn(
  db: Database,
  twoFactor: TwoFactorSettings,
  input: { challengeToken: string; code: string },
) {
  const { challengeId, user } = await reserveSecondFactorTry(db, input.challengeToken, 'MFA_SETUP');
  const recoveryCodes = await confirmEnrolment(db, twoFactor, user.id, input.code);
  return { ...(await finishChallenge(db, challengeId, user)), recoveryCodes };
}

async function reserveSecondFactorTry(
  db: Database,
  challengeToken: string,
  kind: SignInChallengeKind,
): Promise<{ challengeId: string; user: UserRow }> {
  const challenge = await reserveChallengeTry(db, challengeToken, kind);
  const user = await users.findById(db, challenge.userId);
  if (!user) throw new DomainError('SIGN_IN_EXPIRED');
  await reserveAttempt(db, signInAttemptsKey(user.id), SIGN_IN_PER_USER);
  if (user.disabled) throw new DomainError('USER_DISABLED');
  return { challengeId: challenge.id, user };
}

/** Both factors given: the count starts afresh and the session starts as a password one does. */
async function finishChallenge(db: Database, challengeId: string, user: UserRow) {
  await consumeChallenge(db, challengeId);
  await resetAttempts(db, signInAttemptsKey(user.id));
  const { token, expiresAt } = await createSession(db, user.id, { federated: false });
  return { token, expiresAt, userId: user.id };
}
