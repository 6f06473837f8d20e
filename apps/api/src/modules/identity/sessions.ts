import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema.ts';

export const SESSION_COOKIE = 'portal_session';
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface AuthenticatedUser {
  id: string;
  sessionId: string;
  username: string;
  email: string;
  role: 'client' | 'approver' | 'viewer' | 'admin';
  accountKey: string | null;
  name: string | null;
}

/** Creates a session row and answers the bearer token; only its hash is stored. */
export async function createSession(db: Executor, userId: string, options: { federated: boolean }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db
    .insert(sessions)
    .values({ tokenHash: tokenHash(token), userId, expiresAt, federated: options.federated });
  return { token, expiresAt };
}

/**
 * Answers the user behind a token, or undefined. Reading the user on every call is what makes a
 * role change or disabling apply to open sessions at once (DESIGN §4).
 */
export async function resolveSession(
  db: Executor,
  token: string,
): Promise<AuthenticatedUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      sessionId: sessions.id,
      username: users.username,
      email: users.email,
      role: users.role,
      accountKey: users.accountKey,
      userName: users.name,
      accountName: accounts.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.key, users.accountKey))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.disabled, false),
      ),
    );
  if (!row) return undefined;
  const { userName, accountName, ...user } = row;
  return { ...user, name: accountName ?? userName };
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Executor, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
