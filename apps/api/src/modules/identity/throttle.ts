import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { throttles } from '../../db/schema.ts';

export interface ThrottleRule {
  /** Failures allowed within `windowMs` before the key is locked. */
  limit: number;
  windowMs: number;
  lockMs: number;
}

/** DESIGN §3: after 5 failed sign-ins a username is locked for 15 minutes. */
export const SIGN_IN_PER_USERNAME: ThrottleRule = {
  limit: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};
/** One address trying many usernames is slowed too, with more room for shared offices. */
export const SIGN_IN_PER_ADDRESS: ThrottleRule = {
  limit: 30,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};
/** Wrong codes typed per user and purpose, on top of each code's own 5 tries. */
export const CODE_ENTRY: ThrottleRule = { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** Code e-mails (resend, forgot password) per user. */
export const CODE_SENDS: ThrottleRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export class ThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'THROTTLED',
      `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    );
  }
}

/** Throws ThrottledError while the key is locked. */
export async function assertNotLocked(db: Executor, key: string) {
  const [row] = await db.select().from(throttles).where(eq(throttles.key, key));
  const lockedFor = row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
  if (lockedFor > 0) throw new ThrottledError(Math.ceil(lockedFor / 1000));
}

/** Counts one failure (or one send); locks the key once the rule's limit is reached within its window. */
export async function recordAttempt(db: Executor, key: string, rule: ThrottleRule) {
  const windowStart = sql`${new Date(Date.now() - rule.windowMs).toISOString()}::timestamptz`;
  const lockUntil = sql`${new Date(Date.now() + rule.lockMs).toISOString()}::timestamptz`;
  // One statement, so concurrent failures cannot both read the old count.
  await db
    .insert(throttles)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: rule.limit <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        failures: sql`case when ${throttles.windowStartedAt} < ${windowStart} then 1 else ${throttles.failures} + 1 end`,
        windowStartedAt: sql`case when ${throttles.windowStartedAt} < ${windowStart} then now() else ${throttles.windowStartedAt} end`,
        lockedUntil: sql`case when (case when ${throttles.windowStartedAt} < ${windowStart} then 1 else ${throttles.failures} + 1 end) >= ${rule.limit} then ${lockUntil} else ${throttles.lockedUntil} end`,
      },
    });
}

export async function resetAttempts(db: Executor, key: string) {
  await db.delete(throttles).where(eq(throttles.key, key));
}
