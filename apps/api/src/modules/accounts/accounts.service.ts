import {
  DomainError,
  listMeta,
  type AccountUpdateBody,
  type PaginationQuery,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { accountsRepository as repo, toAccount } from './accounts.repository.ts';
import { pageByNumber } from '../../db/lists/index.ts';

/** A borrower reads only their own account; any other id is 404, as if it did not exist. */
export async function getAccount(db: Database, user: AuthenticatedUser, key: string) {
  const accountKey = key.toUpperCase();
  if (user.role === 'client' && user.accountKey !== accountKey)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.account' });
  const row = await repo.find(db, accountKey);
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.account' });
  return toAccount(row);
}

export async function listAccounts(
  db: Database,
  query: PaginationQuery & { search?: string | undefined },
) {
  const { page, next } = pageByNumber('accounts', query);
  const { rows, total } = await repo.list(db, query.search?.trim() || undefined, {
    offset: (page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    accounts: rows.map(toAccount),
    meta: listMeta(page, query.perPage, total, rows.length, next),
  };
}

export async function updateAccount(
  db: Database,
  admin: AuthenticatedUser,
  key: string,
  changes: AccountUpdateBody,
) {
  return db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, key.toUpperCase());
    if (!before) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.account' });
    const after = await repo.update(tx, before.key, changes);
    await recordAudit(tx, admin, {
      entityType: 'account',
      entityKey: before.key,
      action: 'account.updated',
      before: toAccount(before),
      after: toAccount(after),
    });
    return toAccount(after);
  });
}

export async function deleteAccount(db: Database, admin: AuthenticatedUser, key: string) {
  await db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, key.toUpperCase());
    if (!before) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.account' });
    const held = await repo.dependents(tx, before.key);
    if (held.loans || held.users || held.collaterals) {
      throw new DomainError('CONFLICT', {
        message: 'domain.error.CONFLICT.accountInUse',
        values: { loans: held.loans, collaterals: held.collaterals, users: held.users },
      });
    }
    await repo.delete(tx, before.key);
    await recordAudit(tx, admin, {
      entityType: 'account',
      entityKey: before.key,
      action: 'account.deleted',
      before: toAccount(before),
    });
  });
}
