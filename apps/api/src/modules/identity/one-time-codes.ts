import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CODE_LIFETIME_MINUTES, DomainError } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema.ts';
import { hashSecret, verifySecret } from './passwords.ts';

type Purpose = 'signup' | 'password_reset';

/** DESIGN §3: codes are 6 digits, live 10 minutes, allow 5 wrong tries, are single use and stored hashed. */
export const CODE_LIFETIME_MS = CODE_LIFETIME_MINUTES * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** Issues a fresh code for the user and purpose; any earlier code of that purpose stops working. */
export async function issueCode(db: Executor, userId: string, purpose: Purpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: await hashSecret(code),
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
  });
  return code;
}

/**
 * Call outside a transaction: a wrong try must stay counted even though the caller fails.
 * Consumes the user's live code if `code` matches; otherwise counts a wrong try and throws
 * INVALID_CODE — the same answer for a wrong, expired, used-up or missing code.
 */
export async function consumeCode(
  db: Executor,
  userId: string | undefined,
  purpose: Purpose,
  code: string,
) {
  const [live] = userId
    ? await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
            sql`${oneTimeCodes.expiresAt} > now()`,
            sql`${oneTimeCodes.attempts} < ${CODE_MAX_ATTEMPTS}`,
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1)
    : [];
  if (live && (await verifySecret(live.codeHash, code))) {
    // Conditional update: of two requests racing with the right code, only one consumes it.
    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 1) return;
  }
  if (live) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, live.id));
  } else {
    await verifySecret(undefined, code);
  }
  throw new DomainError('INVALID_CODE');
}
