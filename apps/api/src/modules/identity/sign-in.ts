import {
  DomainError,
  type SigninBody,
  type SignInChallengeKind,
  type TwoFactorConfirmChallengeBody,
  type TwoFactorSignInBody,
} from '@portal/domain';
import type { Database, Executor } from '../../db/client.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { codeMail } from '../../mail/templates.ts';
import { consumeCode, issueCode, latestRegistration } from './one-time-codes.ts';
import { verifySecret } from './passwords.ts';
import { createSession } from './sessions.ts';
import {
  CODE_SENDS,
  reserveAttempt,
  resetAttempts,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_PER_USER,
  slowDown,
  ThrottledError,
} from './throttle.ts';
import {
  acceptCode,
  acceptRecoveryCode,
  challengeFor,
  challengeUser,
  confirmEnrolment,
  consumeChallenge,
  createChallenge,
  reserveChallengeTry,
  type TwoFactorSettings,
} from './two-factor.ts';
import { knownLanguage, usersRepository as users, type UserRow } from './users.repository.ts';

/** A session, or the two-factor challenge a borrower must answer before one exists. */
export type SignInOutcome =
  | { token: string; expiresAt: Date; userId: string }
  | { challenge: SignInChallengeKind; challengeToken: string };

/**
 * The key of a user's count of sign-in attempts: docs/product.md#api (settled 2026-11-27) has the account id
 * and the e-mail share one.
 */
export const signInAttemptsKey = (userId: string) => `sign-in:user:${userId}`;

/** A wrong password (or unknown username) counts against the address, which is slowed, never refused. */
const failedFrom = (db: Database, address: string) =>
  slowDown(db, `sign-in:address:${address}`, SIGN_IN_FAILURES_PER_ADDRESS);

/**
 * Password sign-in (docs/product.md#roles, #api). Each try first reserves an attempt on its user's count, so
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
    return { challenge, challengeToken: await startChallenge(db, user, challenge) };
  }
  const { token, expiresAt } = await createSession(db, user.id, { federated: false });
  return { token, expiresAt, userId: user.id };
}

/**
 * A challenge for the password just given. A required set-up (MFA_SETUP) also e-mails a code to
 * the address on file, in the same transaction. Past the limit of code e-mails none is sent (the
 * last one still works) rather than the right password refused.
 */
async function startChallenge(db: Database, user: UserRow, kind: SignInChallengeKind) {
  const mailCode = kind === 'MFA_SETUP' && (await mayMailSetupCode(db, user.id));
  return db.transaction(async (tx) => {
    const challengeToken = await createChallenge(tx, user.id, kind);
    if (mailCode) await mailSetupCode(tx, user);
    return challengeToken;
  });
}

const setupCodeSends = (userId: string) => `code-send:two_factor_setup:${userId}`;

async function mayMailSetupCode(db: Database, userId: string) {
  try {
    await reserveAttempt(db, setupCodeSends(userId), CODE_SENDS);
    return true;
  } catch (error) {
    if (error instanceof ThrottledError) return false;
    throw error;
  }
}

async function mailSetupCode(tx: Executor, user: UserRow) {
  const code = await issueCode(tx, user.id, 'two_factor_setup');
  const language = knownLanguage.parse(user.language);
  await enqueueMail(
    tx,
    {
      to: user.email,
      ...codeMail({ purpose: 'two_factor_setup', code, name: user.name, language }),
    },
    { containsSecret: true },
  );
}

/** A new e-mailed code for an MFA_SETUP challenge; past the limit of code e-mails, 429. */
export async function resendSetupCode(db: Database, challengeToken: string) {
  const user = await users.findById(db, await challengeUser(db, challengeToken, 'MFA_SETUP'));
  if (!user) throw new DomainError('SIGN_IN_EXPIRED');
  await reserveAttempt(db, setupCodeSends(user.id), CODE_SENDS);
  await db.transaction((tx) => mailSetupCode(tx, user));
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

/**
 * The last step of an MFA_SETUP sign-in: the app's first code and the e-mailed one turn two-factor
 * sign-in on. The e-mailed code is checked only once the app's code is right, so a mistyped app
 * code does not use it up.
 */
export async function enrolAtSignIn(
  db: Database,
  twoFactor: TwoFactorSettings,
  input: TwoFactorConfirmChallengeBody,
  signInUrl: string,
) {
  const { challengeId, user } = await reserveSecondFactorTry(db, input.challengeToken, 'MFA_SETUP');
  const recoveryCodes = await confirmEnrolment(db, twoFactor, user.id, input.code, {
    keepSessionId: undefined,
    signInUrl,
    alsoRequired: () =>
      consumeCode(db, user.id, 'two_factor_setup', input.emailCode).catch((error: unknown) => {
        throw error instanceof DomainError && error.code === 'INVALID_CODE'
          ? new DomainError('INVALID_EMAIL_CODE')
          : error;
      }),
  });
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
