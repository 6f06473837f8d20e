import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/lists/index.ts';
import { accounts, sessions, users } from '../../db/schema.ts';
import { knownLanguage } from './users.repository.ts';

export const SESSION_COOKIE = 'portal_session';
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** 256 random bits per session token. */
export const SESSION_TOKEN_BYTES = 32;
export const DEFAULT_IDLE_MINUTES = 30;
// Marking a session used costs a write; once a minute is precise enough for a 30-minute timeout.
const TOUCH_INTERVAL_MS = 60_000;

/** Over https the `__Host-` prefix pins the cookie to this origin: Secure, Path=/, no Domain. */
export const sessionCookieName = (secure: boolean) =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface AuthenticatedUser {
  id: string;
  sessionId: string;
  username: string;
  email: string;
  role: 'client' | 'approver' | 'viewer' | 'admin';
  accountKey: string | null;
  name: string | null;
  /** The language the user's screens and e-mails are in. */
  language: Language;
}

/** Creates a session row and answers the bearer token; only its hash is stored. */
export async function createSession(db: Executor, userId: string, options: { federated: boolean }) {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db
    .insert(sessions)
    .values({ tokenHash: tokenHash(token), userId, expiresAt, federated: options.federated });
  return { token, expiresAt };
}

const SESSION_LOOKUP = 'session_by_token';

/**
 * The session lookup, built once per database: node-postgres runs it as a named server-side
 * prepared statement (parsed and planned once per connection), PGlite as an ordinary query.
 */
function sessionLookup(db: Executor, name: string) {
  return db
    .select({
      id: users.id,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      username: users.username,
      email: users.email,
      role: users.role,
      accountKey: users.accountKey,
      userName: users.name,
      accountName: accounts.name,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.key, users.accountKey))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(
          sessions.lastSeenAt,
          sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`,
        ),
        eq(users.disabled, false),
      ),
    )
    .prepare(name);
}

/**
 * Answers the user behind a token, or undefined. Reading the user on every call is what makes a
 * role change or disabling apply to open sessions at once (docs/product.md#api). A session unused for
 * `idleMinutes` has ended, whatever its lifetime says.
 */
export async function resolveSession(
  db: Executor,
  token: string,
  idleMinutes = DEFAULT_IDLE_MINUTES,
): Promise<AuthenticatedUser | undefined> {
  const lookup = preparedOnce(db, SESSION_LOOKUP, (name) => sessionLookup(db, name));
  const [row] = await lookup.execute({ tokenHash: tokenHash(token), idleMinutes });
  if (!row) return undefined;
  const { userName, accountName, lastSeenAt, language, ...user } = row;
  if (Date.now() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.sessionId));
  }
  return { ...user, name: accountName ?? userName, language: knownLanguage.parse(language) };
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Ends every session of the user but `keepSessionId`, the one making a change, when given. */
export async function revokeUserSessions(db: Executor, userId: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}
