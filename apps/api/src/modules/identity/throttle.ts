import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
import { throttles } from '../../db/schema.ts';

export interface ThrottleRule {
  /** Attempts allowed within `windowMs`; the one that reaches the limit locks the key. */
  limit: number;
  windowMs: number;
  lockMs: number;
}

/**
 * docs/product.md#roles, #api: after 5 failed sign-ins a user is locked for 15 minutes, whether the account id or
 * the e-mail was typed; wrong second-factor codes at sign-in count here too.
 */
export const SIGN_IN_PER_USER: ThrottleRule = {
  limit: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** A delay, never a refusal: each failure past `after` within `windowMs` waits `stepMs` longer. */
export interface SlowdownRule {
  after: number;
  windowMs: number;
  stepMs: number;
  maxMs: number;
}

/**
 * Wrong passwords from one address. Offices and carrier-grade NAT put many borrowers behind one
 * address, so a noisy address is slowed down, never refused (docs/product.md#api, settled 2026-11-27).
 */
export const SIGN_IN_FAILURES_PER_ADDRESS: SlowdownRule = {
  after: 30,
  windowMs: 15 * 60_000,
  stepMs: 250,
  maxMs: 3_000,
};
/** Wrong codes typed per user and purpose, on top of each code's own 5 tries. */
export const CODE_ENTRY: ThrottleRule = { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** Code e-mails (sign-up, resend, forgot password) per account. */
export const CODE_SENDS: ThrottleRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** Unknown account ids tried at sign-up per address: enough for typos, too few to enumerate. */
export const SIGN_UP_CHECK_PER_ADDRESS: ThrottleRule = {
  limit: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

export class ThrottledError extends DomainError<'THROTTLED'> {
  constructor(readonly retryAfterSeconds: number) {
    super('THROTTLED', {
      message: 'domain.error.THROTTLED.retryIn',
      values: { minutes: Math.ceil(retryAfterSeconds / 60) },
    });
  }
}

/** A key's count plus one, or 1 once its window or lock has run out. */
function nextCount(windowMs: number) {
  const fresh = sql`(${throttles.windowStartedAt} < now() - make_interval(secs => ${windowMs / 1000})
    or ${throttles.lockedUntil} <= now())`;
  return {
    failures: sql`(case when ${fresh} then 1 else ${throttles.failures} + 1 end)`,
    windowStartedAt: sql`case when ${fresh} then now() else ${throttles.windowStartedAt} end`,
  };
}

/**
 * Reserves one attempt under `key` before the caller checks anything, or throws ThrottledError
 * while the key is locked. One conditional upsert reads and counts at once, so 50 requests
 * arriving together get at most `limit` reservations between them, on every replica (docs/product.md#components).
 * A window or lock that has run out starts a fresh count.
 */
export async function reserveAttempt(db: Executor, key: string, rule: ThrottleRule) {
  const lockSeconds = rule.lockMs / 1000;
  const next = nextCount(rule.windowMs);
  const reserved = await db
    .insert(throttles)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: rule.limit <= 1 ? sql`now() + make_interval(secs => ${lockSeconds})` : null,
    })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        ...next,
        lockedUntil: sql`case when ${next.failures} >= ${rule.limit}
          then now() + make_interval(secs => ${lockSeconds}) else null end`,
      },
      setWhere: sql`${throttles.lockedUntil} is null or ${throttles.lockedUntil} <= now()`,
    })
    .returning({ failures: throttles.failures });
  if (reserved.length === 0) throw new ThrottledError(await secondsLocked(db, key));
}

async function secondsLocked(db: Executor, key: string): Promise<number> {
  const [row] = await queryRows<{ seconds: number | string | null }>(
    db,
    sql`select ceil(extract(epoch from ${throttles.lockedUntil} - now())) as seconds
      from ${throttles} where ${throttles.key} = ${key}`,
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}

/**
 * Counts one failure under `key` (one upsert, so concurrent failures on every replica all count)
 * and waits as long as `rule` says for the count reached.
 */
export async function slowDown(db: Executor, key: string, rule: SlowdownRule) {
  const [counted] = await db
    .insert(throttles)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({ target: throttles.key, set: nextCount(rule.windowMs) })
    .returning({ failures: throttles.failures });
  const over = (counted?.failures ?? 0) - rule.after;
  if (over > 0) await sleep(Math.min(rule.maxMs, over * rule.stepMs));
}

/**
 * Gives a reservation back: the attempt turned out to be one the rule does not count (a known
 * account id at sign-up). A lock it alone caused is lifted with it.
 */
export async function releaseAttempt(db: Executor, key: string, rule: ThrottleRule) {
  await db
    .update(throttles)
    .set({
      failures: sql`greatest(${throttles.failures} - 1, 0)`,
      lockedUntil: sql`case when ${throttles.failures} - 1 < ${rule.limit} then null
        else ${throttles.lockedUntil} end`,
    })
    .where(eq(throttles.key, key));
}

/** A success clears the key's count and any lock (docs/product.md#api: a success resets the count). */
export async function resetAttempts(db: Executor, key: string) {
  await db.delete(throttles).where(eq(throttles.key, key));
}
