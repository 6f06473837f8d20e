import {
  currentMonthIn,
  daysSubmittedLate,
  DomainError,
  dueDateOf,
  frequencyDocumentSet,
  hasRequiredFiles,
  isFrequencyReadyToSubmit,
  isFutureMonth,
  listMeta,
  type CheckerListQuery,
  type CheckerStatusFilter,
  type FrequencyCreateBody,
  type FrequencyListQuery,
} from '@portal/domain';
import { isUniqueViolation, type Database } from '../../db/client.ts';
import { recordChange } from '../events/change-recorder.ts';
import { visibleCollateral } from '../collaterals/collaterals.service.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { accountScope } from '../loans/loans.service.ts';
import type { ListedLiveFile, LiveFileSummary } from '../documents/document-files.repository.ts';
import { fraudFlagCountOf, rejectedDocumentsOf } from '../documents/read-documents.ts';
import {
  frequencyCheckerOrder,
  frequencyOrder,
  frequenciesRepository as repo,
  type AccountScope,
  type FrequencyWithOwners,
} from './frequencies.repository.ts';

/**
 * API shape (docs/product.md#records) with the checker columns: uploadedFiles, hasRequiredFiles and canSubmit (the
 * domain's readiness rule) and, for staff (`scope` null), the fraud flags come from its live
 * files (a list page reads them with its rows).
 */
function toCheckerFrequency(
  row: FrequencyWithOwners,
  own: readonly ListedLiveFile[],
  scope: AccountScope,
  timeZone: string,
) {
  // Added rather than spread, as toCheckerUnit's columns (a spread row is slow to serialise).
  return Object.assign(toFrequency(row, own, timeZone), {
    fraudFlagCount: fraudFlagCountOf(own, scope === null),
  });
}

/**
 * One frequency in the API's shape, from its row and its live files; its pack's due date and how
 * late it was submitted count in the business time zone.
 */
export function toFrequency(
  row: FrequencyWithOwners,
  own: readonly LiveFileSummary[],
  timeZone: string,
) {
  const f = row.frequency;
  const dueDate = dueDateOf(f, row.dueDay);
  return {
    key: f.key,
    collateralKey: f.collateralKey,
    frequency: f.frequency as 1 | 2 | 3,
    month: f.month,
    year: f.year,
    approvalStatus: f.approvalStatus,
    uploadedFiles: own.length,
    hasRequiredFiles: hasRequiredFiles(own.length),
    canSubmit: isFrequencyReadyToSubmit(frequencyDocumentSet(f, own)),
    submittedAt: f.submittedAt?.toISOString() ?? null,
    version: f.version,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
    meta: { collateral: f.collateralKey, account: row.accountKey },
    collateralName: row.collateralName,
    accountName: row.accountName,
    dueDate,
    daysLate: daysSubmittedLate(dueDate, f.submittedAt, timeZone),
  };
}

/** The checker list carries collateral and account names; the per-collateral answers do not. */
export const withoutNames = <T extends { collateralName: string; accountName: string }>({
  collateralName: _c,
  accountName: _a,
  ...frequency
}: T) => frequency;

export async function getFrequency(
  db: Database,
  user: AuthenticatedUser,
  key: string,
  timeZone: string,
  collateralKey?: string,
) {
  const scope = accountScope(user);
  const row = await repo.findWithFiles(db, scope, key);
  if (!row || (collateralKey !== undefined && row.frequency.collateralKey !== collateralKey)) {
    throw new DomainError('NOT_FOUND', { message: 'domain.error.NOT_FOUND.frequency' });
  }
  return toCheckerFrequency(row, row.liveFiles, scope, timeZone);
}

/**
 * docs/product.md#screens Add: a new frequency starts NOT_RAISED; the month may not be after the current month of
 * the lender's business day, and one collateral has one frequency per period (docs/product.md#server-rules).
 */
export async function addFrequency(
  db: Database,
  user: AuthenticatedUser,
  collateralKey: string,
  body: FrequencyCreateBody,
  timeZone: string,
) {
  const collateral = await visibleCollateral(db, user, collateralKey);
  if (isFutureMonth(body.month, body.year, currentMonthIn(timeZone)))
    throw new DomainError('FUTURE_PERIOD');
  const period = {
    collateralKey: collateral.key,
    frequency: body.frequency,
    month: body.month,
    year: body.year,
  };
  const key = await db.transaction(async (tx) => {
    if (await repo.findPeriod(tx, period)) throw new DomainError('DUPLICATE_FREQUENCY');
    try {
      const created = await repo.insert(tx, {
        ...period,
        accountKey: collateral.accountKey,
        createdBy: user.id,
      });
      await recordChange(tx, user, {
        entityType: 'frequency',
        entityKey: created.key,
        action: 'frequency.created',
        after: { ...period, approvalStatus: 'NOT_RAISED' },
        event: {
          type: 'frequency.created',
          orderingKey: `frequency:${created.key}`,
          data: {
            key: created.key,
            frequencyKey: created.key,
            collateralKey: collateral.key,
            accountId: collateral.accountKey,
            approvalStatus: 'NOT_RAISED',
          },
        },
      });
      return created.key;
    } catch (error) {
      // Two adds racing past the check: the unique index decides.
      if (isUniqueViolation(error)) throw new DomainError('DUPLICATE_FREQUENCY');
      throw error;
    }
  });
  return getFrequency(db, user, key, timeZone);
}

export async function listFrequencies(
  db: Database,
  user: AuthenticatedUser,
  collateralKey: string,
  query: FrequencyListQuery,
  timeZone: string,
) {
  const collateral = await visibleCollateral(db, user, collateralKey);
  const { rows, total, page, next } = await repo.listPage(db, {
    scope: { kind: 'collateral', key: collateral.key },
    status: 'ALL',
    order: frequencyOrder(query.sortColumn, query.sortOrder),
    orderName: `${query.sortColumn}.${query.sortOrder}`,
    page: query.page,
    perPage: query.perPage,
    next: query.next,
  });
  const scope = accountScope(user);
  const frequencies = rows.map((row) =>
    withoutNames(toCheckerFrequency(row, row.liveFiles, scope, timeZone)),
  );
  return { frequencies, meta: listMeta(page, query.perPage, total, rows.length, next) };
}

/**
 * The collateral checker list (Collateral Checker / Collateral Status): one statement for the
 * page with its owners and files, the total from the kept counts. Borrowers see only their own
 * frequencies, whatever they search for.
 */
export async function listFrequenciesByStatus(
  db: Database,
  user: AuthenticatedUser,
  status: CheckerStatusFilter,
  query: CheckerListQuery,
  timeZone: string,
) {
  const scope = accountScope(user);
  const { rows, total, page, next } = await repo.listPage(db, {
    scope: scope === null ? { kind: 'all' } : { kind: 'account', key: scope },
    status,
    order: frequencyCheckerOrder(query.sort),
    orderName: query.sort,
    search: query.search,
    page: query.page,
    perPage: query.perPage,
    next: query.next,
  });
  return {
    monitoringFrequencies: rows.map((row) =>
      toCheckerFrequency(row, row.liveFiles, scope, timeZone),
    ),
    meta: listMeta(page, query.perPage, total, rows.length, next),
  };
}

/**
 * A borrower's to-do frequency lists, as todoUnitLists: the newest rejected frequencies (with
 * what was rejected and why) and those ready to submit (canSubmit: filled, unlocked, the domain's
 * rule), each the first `limit` and how many. The two lists read their rows side by side, each
 * with its live files (which carry each rejection's reason).
 */
export async function todoFrequencyLists(
  db: Database,
  accountKey: string,
  limit: number,
  timeZone: string,
) {
  const [rejected, candidates] = await Promise.all([
    repo.listPage(db, {
      scope: { kind: 'account', key: accountKey },
      status: 'REJECTED',
      order: frequencyCheckerOrder('recentlyUpdatedOnTop'),
      orderName: 'recentlyUpdatedOnTop',
      search: undefined,
      page: 1,
      perPage: limit,
      next: undefined,
    }),
    repo.listFilledUnlocked(db, accountKey),
  ]);
  const ready = candidates
    .map((row) => toFrequency(row, row.liveFiles, timeZone))
    .filter((frequency) => frequency.canSubmit);
  return {
    rejected: {
      frequencies: rejected.rows.map((row) =>
        Object.assign(toFrequency(row, row.liveFiles, timeZone), {
          fraudFlagCount: null,
          rejectedDocuments: rejectedDocumentsOf(row.liveFiles),
        }),
      ),
      total: rejected.total,
    },
    ready: {
      frequencies: ready
        .slice(0, limit)
        .map((frequency) => Object.assign(frequency, { fraudFlagCount: null })),
      total: ready.length,
    },
  };
}
