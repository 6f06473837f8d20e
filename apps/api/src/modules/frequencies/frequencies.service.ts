import {
  currentMonthIn,
  DomainError,
  hasRequiredFiles,
  isFutureMonth,
  listMeta,
  type ApprovalStatus,
  type CheckerListQuery,
  type FrequencyCreateBody,
  type FrequencyListQuery,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { ChangeRecorder } from '../events/change-recorder.ts';
import { visibleCollateral } from '../collaterals/collaterals.service.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { accountScope } from '../loans/loans.service.ts';
import { frequencyFilesRepository } from './frequency-document-set.ts';
import {
  frequenciesRepository as repo,
  type FrequencyWithOwners,
} from './frequencies.repository.ts';

const DUPLICATE = 'Similar monitoring frequency already exists';

/** API shape (SPEC §3): uploadedFiles and hasRequiredFiles come from the live files. */
async function withFileCounts(db: Database, rows: FrequencyWithOwners[]) {
  const files = await frequencyFilesRepository.liveFilesOf(
    db,
    rows.map((r) => r.frequency.key),
  );
  return rows.map((row) => {
    const uploadedFiles = files.filter((f) => f.parentKey === row.frequency.key).length;
    const f = row.frequency;
    return {
      key: f.key,
      collateralKey: f.collateralKey,
      frequency: f.frequency as 1 | 2 | 3,
      month: f.month,
      year: f.year,
      approvalStatus: f.approvalStatus,
      uploadedFiles,
      hasRequiredFiles: hasRequiredFiles(uploadedFiles),
      version: f.version,
      createdAt: f.createdAt.toISOString(),
      updatedAt: f.updatedAt.toISOString(),
      meta: { collateral: f.collateralKey, account: row.accountKey },
      collateralName: row.collateralName,
      accountName: row.accountName,
    };
  });
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
  collateralKey?: string,
) {
  const row = await repo.find(db, accountScope(user), key);
  if (!row || (collateralKey !== undefined && row.frequency.collateralKey !== collateralKey)) {
    throw new DomainError('NOT_FOUND', 'No such monitoring frequency');
  }
  const [frequency] = await withFileCounts(db, [row]);
  return frequency!;
}

/**
 * SPEC §2 Add: a new frequency starts NOT_RAISED; the month may not be after the current month of
 * the lender's business day, and one collateral has one frequency per period (DESIGN §5).
 */
export async function addFrequency(
  db: Database,
  recorder: ChangeRecorder,
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
    if (await repo.findPeriod(tx, period)) throw new DomainError('DUPLICATE_FREQUENCY', DUPLICATE);
    try {
      const created = await repo.insert(tx, { ...period, createdBy: user.id });
      await recorder.record(tx, user, {
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
      if (isUniqueViolation(error)) throw new DomainError('DUPLICATE_FREQUENCY', DUPLICATE);
      throw error;
    }
  });
  return getFrequency(db, user, key);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function listFrequencies(
  db: Database,
  user: AuthenticatedUser,
  collateralKey: string,
  query: FrequencyListQuery,
) {
  const collateral = await visibleCollateral(db, user, collateralKey);
  const { rows, total } = await repo.listForCollateral(db, collateral.key, query);
  const frequencies = (await withFileCounts(db, rows)).map(withoutNames);
  return { frequencies, meta: listMeta(query.page, query.perPage, total, rows.length) };
}

export async function listFrequenciesByStatus(
  db: Database,
  user: AuthenticatedUser,
  status: ApprovalStatus,
  query: CheckerListQuery,
) {
  const { rows, total } = await repo.listByStatus(db, accountScope(user), status, {
    newestFirst: query.sort === 'recentlyUpdatedOnTop',
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    monitoringFrequencies: await withFileCounts(db, rows),
    meta: listMeta(query.page, query.perPage, total, rows.length),
  };
}
