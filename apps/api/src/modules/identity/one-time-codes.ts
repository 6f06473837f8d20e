import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CODE_LIFETIME_MINUTES, DomainError } from '@portal/domain';
import { queryRows, type Executor } from '../../db/client.ts';
import { codePurpose, oneTimeCodes } from '../../db/schema.ts';
import { hashSecret, verifySecret } from './passwords.ts';

export type CodePurpose = (typeof codePurpose.enumValues)[number];

/** docs/product.md#roles: codes are 6 digits, live 10 minutes, allow 5 wrong tries, are single use and stored hashed. */
export const CODE_LIFETIME_MS = CODE_LIFETIME_MINUTES * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * What a sign-up code stands for: the password chosen with it, and the browser that chose it
 * (hash of the token in its sign-up cookie). Password-reset codes carry neither.
 */
export interface Registration {
  passwordHash: string | null;
  bindingHash: string | null;
}

const sameBinding = (bindingHash: string | null) =>
  bindingHash === null
    ? isNull(oneTimeCodes.bindingHash)
    : eq(oneTimeCodes.bindingHash, bindingHash);

/**
 * Issues a fresh code for the user and purpose. An earlier live code of the same registration
 * (same binding; for password reset, any earlier code) stops working.
 */
export async function issueCode(
  db: Executor,
  userId: string,
  purpose: CodePurpose,
  registration: Registration = { passwordHash: null, bindingHash: null },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        sameBinding(registration.bindingHash),
      ),
    );
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: await hashSecret(code),
    passwordHash: registration.passwordHash,
    bindingHash: registration.bindingHash,
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
  });
  return code;
}

/** The newest registration of a user's sign-up (the bound one when a binding is given). */
export async function latestRegistration(
  db: Executor,
  userId: string,
  bindingHash?: string,
): Promise<Registration | undefined> {
  const [row] = await db
    .select({ passwordHash: oneTimeCodes.passwordHash, bindingHash: oneTimeCodes.bindingHash })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'signup'),
        bindingHash === undefined ? undefined : eq(oneTimeCodes.bindingHash, bindingHash),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Call outside a transaction: a wrong try must stay counted even though the caller fails.
 * Reserves one try on the user's newest live code (of the bound registration, when the browser
 * holds one) in a single conditional UPDATE, and only then compares: however many guesses arrive
 * at once, at most CODE_MAX_ATTEMPTS are ever compared. Answers the consumed code's registration,
 * or throws INVALID_CODE — the same answer for a wrong, expired, used-up or missing code.
 */
export async function consumeCode(
  db: Executor,
  userId: string | undefined,
  purpose: CodePurpose,
  code: string,
  options: { bindingHash?: string | undefined } = {},
): Promise<Registration> {
  const binding =
    options.bindingHash === undefined
      ? sql``
      : sql`and ${oneTimeCodes.bindingHash} = ${options.bindingHash}`;
  const [reserved] = userId
    ? await queryRows<{
        id: string;
        code_hash: string;
        password_hash: string | null;
        binding_hash: string | null;
      }>(
        db,
        sql`update ${oneTimeCodes} set attempts = attempts + 1
          where id = (
            select id from ${oneTimeCodes}
            where user_id = ${userId} and purpose = ${purpose}
              and consumed_at is null and expires_at > now() ${binding}
            order by created_at desc limit 1)
          and attempts < ${CODE_MAX_ATTEMPTS} and consumed_at is null
          returning id, code_hash, password_hash, binding_hash`,
      )
    : [];
  if (!reserved) {
    // As slow as a real check, so timing does not tell a dead code from a wrong one.
    await verifySecret(undefined, code);
    throw new DomainError('INVALID_CODE');
  }
  if (await verifySecret(reserved.code_hash, code)) {
    // Conditional update: of two requests racing with the right code, only one consumes it.
    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.id, reserved.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 1) {
      return { passwordHash: reserved.password_hash, bindingHash: reserved.binding_hash };
    }
  }
  throw new DomainError('INVALID_CODE');
}

/** Ends every other live code of the purpose, once one of them has done its job. */
export async function retireCodes(db: Executor, userId: string, purpose: CodePurpose) {
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
}
