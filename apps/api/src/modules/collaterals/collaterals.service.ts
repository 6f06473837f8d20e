import { DomainError, listMeta, type PaginationQuery } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { collateralsRepository as repo, toCollateral } from './collaterals.repository.ts';
import { pageByNumber } from '../../db/lists/index.ts';

/** A borrower reaches only their own account's collaterals; anything else is 404. */
export function visibleAccount(user: AuthenticatedUser, accountId: string) {
  const accountKey = accountId.toUpperCase();
  if (user.role === 'client' && user.accountKey !== accountKey)
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.account' });
  return accountKey;
}

export async function listCollaterals(
  db: Executor,
  user: AuthenticatedUser,
  accountId: string,
  query: PaginationQuery,
) {
  const { page, next } = pageByNumber('collaterals', query);
  const { rows, total } = await repo.listForAccount(db, visibleAccount(user, accountId), {
    offset: (page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    collaterals: rows.map(toCollateral),
    meta: listMeta(page, query.perPage, total, rows.length, next),
  };
}

export async function getCollateral(
  db: Executor,
  user: AuthenticatedUser,
  accountId: string,
  key: string,
) {
  const row = await repo.find(db, key, visibleAccount(user, accountId));
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.collateral' });
  return toCollateral(row);
}

/** The collateral a frequency call names, if the user may see it. */
export async function visibleCollateral(db: Executor, user: AuthenticatedUser, key: string) {
  const row = await repo.find(
    db,
    key,
    user.role === 'client' ? (user.accountKey ?? '') : undefined,
  );
  if (!row) throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.collateral' });
  return row;
}
