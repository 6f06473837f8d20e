import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  DomainError,
  listMeta,
  type TwoFactorResetBody,
  type UserListQuery,
  type UserUpdateBody,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { containsText, pageByNumber, preparedOnce } from '../../db/lists/index.ts';
import { accounts, users } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import { twoFactorResetMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.ts';
import { clearTwoFactor, twoFactorApplies } from '../identity/two-factor.ts';
import { knownLanguage, usersRepository } from '../identity/users.repository.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { revokeUserSessions } from '../identity/sessions.ts';

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  disabled: users.disabled,
  accountKey: users.accountKey,
  userName: users.name,
  accountName: accounts.name,
};

type UserRow = { userName: string | null; accountName: string | null } & Record<string, unknown>;
const toUser = <T extends UserRow>({ userName, accountName, ...user }: T) => ({
  ...user,
  name: accountName ?? userName,
});

function selectUsers(db: Database) {
  return db.select(userColumns).from(users).leftJoin(accounts, eq(accounts.key, users.accountKey));
}

/** Admins list everyone who can sign in (docs/product.md#api "Users"), searchable by name, e-mail or username. */
export async function listUsers(db: Database, query: UserListQuery) {
  const { page, next } = pageByNumber('users', query);
  const where = containsText(query.search, [
    users.username,
    users.email,
    users.name,
    accounts.name,
  ]);
  const paging = { offset: (page - 1) * query.perPage, limit: query.perPage };
  const [rows, [total]] = await Promise.all(
    where
      ? [
          selectUsers(db)
            .where(where)
            .orderBy(asc(users.username))
            .offset(paging.offset)
            .limit(paging.limit),
          db
            .select({ n: count() })
            .from(users)
            .leftJoin(accounts, eq(accounts.key, users.accountKey))
            .where(where),
        ]
      : // Everyone, page by page: prepared once.
        [
          preparedOnce(db, 'users.all', (name) =>
            selectUsers(db)
              .orderBy(asc(users.username))
              .offset(sql.placeholder('offset'))
              .limit(sql.placeholder('limit'))
              .prepare(name),
          ).execute(paging),
          preparedOnce(db, 'users.all.total', (name) =>
            db.select({ n: count() }).from(users).prepare(name),
          ).execute(),
        ],
  );
  return {
    users: rows.map(toUser),
    meta: listMeta(page, query.perPage, total?.n ?? 0, rows.length, next),
  };
}

/**
 * An admin changes a staff member's role or disables anyone. Disabling ends their sessions at once;
 * a role change applies on their next call, since sessions read the user every time.
 */
export async function updateUser(
  db: Database,
  admin: AuthenticatedUser,
  id: string,
  changes: UserUpdateBody,
) {
  return db.transaction(async (tx) => {
    const [before] = await selectUsers(tx as unknown as Database)
      .where(eq(users.id, id))
      .for('update', { of: users });
    if (!before) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.user' });
    if (before.id === admin.id) {
      throw new DomainError('CONFLICT', { message: 'domain.error.CONFLICT.ownRole' });
    }
    if (changes.role !== undefined && (before.role === 'client') !== (changes.role === 'client')) {
      throw new DomainError('VALIDATION_FAILED', {
        message: 'domain.error.VALIDATION_FAILED.roleKind',
        field: 'role',
      });
    }
    await tx
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(users.id, id)));
    if (changes.disabled) await revokeUserSessions(tx, id);
    const [after] = await selectUsers(tx as unknown as Database).where(eq(users.id, id));
    await recordAudit(tx, admin, {
      entityType: 'user',
      entityKey: id,
      action: 'user.updated',
      before: { role: before.role, disabled: before.disabled },
      after: { role: after!.role, disabled: after!.disabled },
    });
    return toUser(after!);
  });
}

/**
 * A borrower who lost their authenticator and their recovery codes: an admin turns two-factor
 * sign-in off. Their sessions end, it is audited, and the borrower is told by e-mail (so a reset
 * they did not ask for does not go unnoticed).
 */
export async function resetTwoFactor(
  db: Database,
  admin: AuthenticatedUser,
  { username }: TwoFactorResetBody,
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    const found = await usersRepository.findByUsernameOrEmail(tx, username);
    const [user] = found
      ? await tx.select().from(users).where(eq(users.id, found.id)).for('update')
      : [];
    if (!user || !twoFactorApplies(user)) {
      throw new DomainError('NOT_FOUND', {
        message: 'domain.error.NOT_FOUND.borrower',
        values: { username },
      });
    }
    if (!user.totpEnabledAt) {
      throw new DomainError('CONFLICT', {
        message: 'domain.error.CONFLICT.noTwoFactor',
        values: { username: user.username },
      });
    }
    await clearTwoFactor(tx, user.id);
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, admin, {
      entityType: 'user',
      entityKey: user.id,
      action: 'user.two_factor_reset',
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    await enqueueMail(tx, {
      to: user.email,
      ...twoFactorResetMail({
        name: user.name,
        url: `${publicUrl}/`,
        language: knownLanguage.parse(user.language),
      }),
    });
    return { username: user.username };
  });
}
