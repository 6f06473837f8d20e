import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  DomainError,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  type SignInChallengeKind,
} from '@portal/domain';
import type { Database, Executor } from '../../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, users } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { twoFactorChangedMail } from '../../mail/templates.ts';
import { CODE_MAX_ATTEMPTS } from './one-time-codes.ts';
import { revokeUserSessions } from './sessions.ts';
import { CODE_ENTRY, reserveAttempt, resetAttempts } from './throttle.ts';
import { knownLanguage, type UserRow } from './users.repository.ts';

/** How the server runs borrower two-factor sign-in (MFA_ENCRYPTION_KEY, MFA_REQUIRED_FOR_BORROWERS). */
export interface TwoFactorSettings {
  encryptionKey: string;
  required: boolean;
}

const ISSUER = 'Borrower Portal';
/** RFC 6238 with 30-second steps; one step either side forgives a phone's clock drift. */
const STEP_SECONDS = 30;
const CHALLENGE_LIFETIME_MS = 5 * 60_000;
// Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not mistaken.
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Borrowers only: staff give their second factor to the organisation's identity provider. */
export const twoFactorApplies = (user: Pick<UserRow, 'role'>) => user.role === 'client';

// ------------------------------------------------------------------ secret at rest

const SECRET_FORMAT = 'v1';
const keys = new Map<string, Buffer>();
function aesKey(keyMaterial: string): Buffer {
  let key = keys.get(keyMaterial);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', keyMaterial, '', 'borrower-portal/totp-secret', 32));
    keys.set(keyMaterial, key);
  }
  return key;
}

/**
 * AES-256-GCM under a key derived from the setting; the user id is authenticated with it, so a
 * secret copied onto another user's row does not decrypt.
 */
export function encryptSecret(settings: TwoFactorSettings, userId: string, secret: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(settings.encryptionKey), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return [SECRET_FORMAT, ...parts].join('.');
}

export function decryptSecret(settings: TwoFactorSettings, userId: string, stored: string) {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== SECRET_FORMAT || !iv || !tag || !sealed) {
    throw new Error('unknown authenticator secret format');
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    aesKey(settings.encryptionKey),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

// ------------------------------------------------------------------ enrolment

/**
 * A fresh secret for the borrower's authenticator app, kept (encrypted) as pending until a first
 * code confirms it. Refused while two-factor sign-in is on: turning it off needs a current code.
 */
export async function startEnrolment(db: Executor, settings: TwoFactorSettings, user: UserRow) {
  const secret = generateSecret();
  const pending = await db
    .update(users)
    .set({ totpSecret: encryptSecret(settings, user.id, secret), updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (pending.length === 0) {
    throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.twoFactorOn' });
  }
  const uri = generateURI({ issuer: ISSUER, label: user.username, secret });
  // Loaded by the few who set up an authenticator, not by every API process.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    secret,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    uri,
  };
}

/**
 * Where two-factor sign-in is turned on or off: the session doing it, which stays (none while
 * signing in), and the sign-in link of the e-mail that tells the borrower.
 */
export interface TwoFactorChange {
  keepSessionId: string | undefined;
  signInUrl: string;
}

/**
 * In the change's transaction: the borrower's other sessions end and an e-mail tells them, so a
 * change made by someone holding their password or session does not go unnoticed.
 */
async function noticeChange(
  tx: Executor,
  user: UserRow,
  enabled: boolean,
  change: TwoFactorChange,
) {
  await revokeUserSessions(tx, user.id, change.keepSessionId);
  await enqueueMail(tx, {
    to: user.email,
    ...twoFactorChangedMail({
      enabled,
      name: user.name,
      url: change.signInUrl,
      language: knownLanguage.parse(user.language),
    }),
  });
}

/**
 * The first code from the app turns two-factor sign-in on and answers ten new recovery codes,
 * shown this once. Wrong codes count towards the code-entry limit. `alsoRequired` is a further
 * proof, checked (outside any transaction) once the app's code is right and before it turns on.
 */
export async function confirmEnrolment(
  db: Database,
  settings: TwoFactorSettings,
  userId: string,
  code: string,
  change: TwoFactorChange & { alsoRequired?: () => Promise<unknown> },
): Promise<string[]> {
  const throttleKey = `code-entry:totp:${userId}`;
  await reserveAttempt(db, throttleKey, CODE_ENTRY);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.totpSecret || user.totpEnabledAt) throw new DomainError('INVALID_CODE');
  const step = await verifiedStep(settings, user, code);
  await change.alsoRequired?.();
  const recoveryCodes = await db.transaction(async (tx) => {
    // Conditional: of two confirmations racing, one turns it on; the other is refused.
    const enabled = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.totpEnabledAt),
          eq(users.totpSecret, user.totpSecret!),
        ),
      )
      .returning({ id: users.id });
    if (enabled.length === 0) throw new DomainError('INVALID_CODE');
    await noticeChange(tx, user, true, change);
    return replaceRecoveryCodes(tx, userId);
  });
  await resetAttempts(db, throttleKey);
  return recoveryCodes;
}

async function replaceRecoveryCodes(tx: Executor, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  // ~50 random bits each, so a fast hash is enough (as for session tokens).
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
}

/** Turns two-factor sign-in off with a current code (not allowed while it is required). */
export async function disableTwoFactor(
  db: Database,
  settings: TwoFactorSettings,
  user: UserRow,
  code: string,
  change: TwoFactorChange,
) {
  if (settings.required) {
    throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.twoFactorRequired' });
  }
  if (!user.totpEnabledAt)
    throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.twoFactorOff' });
  const throttleKey = `code-entry:totp:${user.id}`;
  await reserveAttempt(db, throttleKey, CODE_ENTRY);
  await acceptCode(db, settings, user, code);
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await noticeChange(tx, user, false, change);
  });
  await resetAttempts(db, throttleKey);
}

/** Forgets the authenticator, its recovery codes and any open challenge of the user. */
export async function clearTwoFactor(tx: Executor, userId: string) {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .update(mfaChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(mfaChallenges.userId, userId), isNull(mfaChallenges.consumedAt)));
}

export async function twoFactorStatus(db: Executor, settings: TwoFactorSettings, user: UserRow) {
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
  return {
    enabled: user.totpEnabledAt !== null,
    required: settings.required,
    recoveryCodesLeft: user.totpEnabledAt ? Number(left?.n ?? 0) : 0,
  };
}

// ------------------------------------------------------------------ codes

/** The 30-second step the code belongs to (±1 step), or INVALID_CODE. */
async function verifiedStep(settings: TwoFactorSettings, user: UserRow, code: string) {
  const secret = decryptSecret(settings, user.id, user.totpSecret!);
  const result = await verify({
    secret,
    token: code,
    epochTolerance: STEP_SECONDS,
    ...(user.totpLastStep === null ? {} : { afterTimeStep: user.totpLastStep }),
  });
  if (!result.valid || !('timeStep' in result)) throw new DomainError('INVALID_CODE');
  return result.timeStep;
}

/**
 * Accepts an authenticator code once: only for a step after the last accepted one, recorded by a
 * conditional UPDATE, so a replayed code (or two requests racing with one code) fails.
 */
export async function acceptCode(
  db: Executor,
  settings: TwoFactorSettings,
  user: UserRow,
  code: string,
) {
  if (!user.totpSecret || !user.totpEnabledAt) throw new DomainError('INVALID_CODE');
  const step = await verifiedStep(settings, user, code);
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, user.id),
        sql`${users.totpEnabledAt} is not null`,
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  if (accepted.length === 0) throw new DomainError('INVALID_CODE');
}

/** A recovery code works once: marked used by a conditional UPDATE. */
export async function acceptRecoveryCode(db: Executor, userId: string, recoveryCode: string) {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(recoveryCode))),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  if (used.length === 0) {
    throw new DomainError('INVALID_CODE', { message: 'domain.error.INVALID_CODE.recoveryCode' });
  }
}

// ------------------------------------------------------------------ sign-in challenges

/** Whether the password step must stop at a challenge for this borrower, and which one. */
export function challengeFor(
  settings: TwoFactorSettings,
  user: UserRow,
): SignInChallengeKind | undefined {
  if (!twoFactorApplies(user)) return undefined;
  if (user.totpEnabledAt) return 'TOTP_REQUIRED';
  return settings.required ? 'MFA_SETUP' : undefined;
}

/** A challenge the browser answers within 5 minutes; only the token's hash is stored. */
export async function createChallenge(db: Executor, userId: string, kind: SignInChallengeKind) {
  const challengeToken = randomBytes(32).toString('base64url');
  await db.insert(mfaChallenges).values({
    userId,
    kind,
    tokenHash: sha256(challengeToken),
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
  return challengeToken;
}

const liveChallenge = (challengeToken: string, kind: SignInChallengeKind) =>
  and(
    eq(mfaChallenges.tokenHash, sha256(challengeToken)),
    eq(mfaChallenges.kind, kind),
    isNull(mfaChallenges.consumedAt),
    gt(mfaChallenges.expiresAt, sql`now()`),
  );

/**
 * Call outside a transaction. Reserves one try on a live challenge in a single conditional UPDATE
 * before anything is compared, so however many answers arrive at once, at most CODE_MAX_ATTEMPTS
 * are checked. An unknown, used, used-up or expired token is SIGN_IN_EXPIRED.
 */
export async function reserveChallengeTry(
  db: Executor,
  challengeToken: string,
  kind: SignInChallengeKind,
) {
  const [challenge] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(and(liveChallenge(challengeToken, kind), lt(mfaChallenges.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ id: mfaChallenges.id, userId: mfaChallenges.userId });
  if (!challenge) throw new DomainError('SIGN_IN_EXPIRED');
  return challenge;
}

/** The user of a live challenge, without spending a try (enrolment only shows a QR code). */
export async function challengeUser(
  db: Executor,
  challengeToken: string,
  kind: SignInChallengeKind,
) {
  const [challenge] = await db
    .select({ userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(liveChallenge(challengeToken, kind));
  if (!challenge) throw new DomainError('SIGN_IN_EXPIRED');
  return challenge.userId;
}

/** Ends a challenge once answered; of two right answers racing, only one gets the session. */
export async function consumeChallenge(db: Executor, challengeId: string) {
  const consumed = await db
    .update(mfaChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.consumedAt)))
    .returning({ id: mfaChallenges.id });
  if (consumed.length === 0) throw new DomainError('SIGN_IN_EXPIRED');
}
