import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  REQUIRED_FILE_COUNT,
  type CheckerSort,
  type FrequencySortColumn,
  type SortOrder,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import {
  asDocumentFiles,
  withListedFiles,
  liveFilesColumn,
} from '../documents/document-files.repository.ts';
import type { SetStatusChange } from '../documents/document-set.ts';
import {
  checkerOrder,
  preparedOnce,
  type ListOrder,
  type OrderColumn,
} from '../../db/lists/index.ts';
import {
  listSetPage,
  type SetListRequest,
  type SetListSource,
} from '../documents/document-set-lists.ts';
import { accounts, collaterals, frequencies, frequencyFiles } from '../../db/schema.ts';

/** `null` scope is staff (every account); otherwise the borrower's account key. */
export type AccountScope = string | null;

const columns = {
  frequency: frequencies,
  accountKey: frequencies.accountKey,
  accountName: accounts.name,
  collateralName: collaterals.collateralName,
  // When its pack is due (with its period): read with the collateral already joined.
  dueDay: collaterals.dueDay,
};

/** A frequency with owners and its live files (liveFilesColumn): read with the row. */
const withFilesColumns = {
  ...columns,
  liveFileTuples: liveFilesColumn(asDocumentFiles(frequencyFiles), frequencies.key),
};

/** A frequency's collateral and account, beside it. */
function withOwners<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(collaterals, eq(collaterals.key, frequencies.collateralKey))
    .innerJoin(accounts, eq(accounts.key, frequencies.accountKey));
}

/** What the checker lists' search looks in (a frequency's account and collateral). */
const SEARCHED_COLUMNS = [accounts.key, accounts.name, collaterals.collateralName];

// "Sort by key" means creation order: keys are random UUIDs (docs/decisions.md).
const sortColumns = {
  key: undefined,
  approvalStatus: { expr: frequencies.approvalStatus, type: 'approval_status' },
  frequency: { expr: frequencies.frequency, type: 'smallint' },
  month: { expr: frequencies.month, type: 'smallint' },
  year: { expr: frequencies.year, type: 'smallint' },
} as const satisfies Record<FrequencySortColumn, OrderColumn | undefined>;

/**
 * docs/product.md#screens frequency screen: by the chosen column, creation order then the key breaking ties, all
 * in the chosen direction (one index per column serves both).
 */
export function frequencyOrder(column: FrequencySortColumn, sortOrder: SortOrder): ListOrder {
  const chosen = sortColumns[column];
  return {
    columns: [
      ...(chosen ? [chosen] : []),
      { expr: frequencies.createdAt, type: 'timestamptz' },
      { expr: frequencies.key, type: 'text' },
    ],
    direction: sortOrder === 'bottomUp' ? 'desc' : 'asc',
  };
}

/** The collateral checker lists' orders (docs/product.md#limits). */
export const frequencyCheckerOrder = (sort: CheckerSort) => checkerOrder(sort, frequencies);

export type FrequencyListRequest = SetListRequest;

const frequencyListSource: SetListSource<FrequencyWithOwners> = {
  list: 'frequencies',
  table: frequencies,
  key: frequencies.key,
  approvalStatus: frequencies.approvalStatus,
  scopeColumns: { account: frequencies.accountKey, collateral: frequencies.collateralKey },
  searched: SEARCHED_COLUMNS,
  withOwners,
  selection: columns,
  liveFiles: liveFilesColumn(asDocumentFiles(frequencyFiles), frequencies.key),
};

export const frequenciesRepository = {
  base(db: Executor) {
    return withOwners(db.select(columns).from(frequencies).$dynamic());
  },

  /** A frequency the scope may see, of `collateralKey` when given; `forUpdate` locks its row. */
  async find(
    db: Executor,
    scope: AccountScope,
    key: string,
    options: { forUpdate?: boolean; collateralKey?: string | undefined } = {},
  ) {
    const ofCollateral = options.collateralKey !== undefined;
    const name = `frequency.${scope === null ? 'all' : 'account'}${
      ofCollateral ? '.of-collateral' : ''
    }${options.forUpdate ? '.for-update' : ''}`;
    // Prepared once per database: a frequency's page, panel, files and history all start here.
    const [row] = await preparedOnce(db, name, (statement) => {
      const query = frequenciesRepository
        .base(db)
        .where(
          and(
            scope === null ? undefined : eq(frequencies.accountKey, sql.placeholder('scope')),
            eq(frequencies.key, sql.placeholder('key')),
            ofCollateral ? eq(frequencies.collateralKey, sql.placeholder('collateral')) : undefined,
          ),
        );
      return (options.forUpdate ? query.for('update', { of: frequencies }) : query).prepare(
        statement,
      );
    }).execute({ scope, key, collateral: options.collateralKey });
    return row;
  },

  /** A frequency the scope may see with its live files (liveFilesColumn), in one statement. */
  async findWithFiles(db: Executor, scope: AccountScope, key: string) {
    const name = `frequency.${scope === null ? 'all' : 'account'}.with-files`;
    const [row] = await preparedOnce(db, name, (statement) =>
      withOwners(db.select(withFilesColumns).from(frequencies).$dynamic())
        .where(
          and(
            scope === null ? undefined : eq(frequencies.accountKey, sql.placeholder('scope')),
            eq(frequencies.key, sql.placeholder('key')),
          ),
        )
        .prepare(statement),
    ).execute({ scope, key });
    return row && withListedFiles(row);
  },

  async findPeriod(
    db: Executor,
    period: { collateralKey: string; frequency: number; month: number; year: number },
  ) {
    const [row] = await db
      .select({ key: frequencies.key })
      .from(frequencies)
      .where(
        and(
          eq(frequencies.collateralKey, period.collateralKey),
          eq(frequencies.frequency, period.frequency),
          eq(frequencies.month, period.month),
          eq(frequencies.year, period.year),
        ),
      );
    return row;
  },

  async insert(db: Executor, row: typeof frequencies.$inferInsert) {
    const [created] = await db.insert(frequencies).values(row).returning({ key: frequencies.key });
    return created!;
  },

  /**
   * One page of a frequency list — a collateral's (docs/product.md#screens frequency screen) or the checker lists
   * for everyone or one account — with its total and the next page's cursor.
   */
  listPage(db: Executor, request: FrequencyListRequest) {
    return listSetPage(db, frequencyListSource, request);
  },

  /**
   * The frequencies that may be ready to submit, most recently updated first: not locked, and with
   * at least a full set of live files, each with them. Only a cheap narrowing; the domain rule
   * decides readiness.
   */
  listFilledUnlocked(db: Executor, scope: AccountScope) {
    const variant = scope === null ? 'all' : 'account';
    return preparedOnce(db, `frequencies.${variant}.filled-unlocked`, (name) => {
      const liveFiles = sql`(select count(*) from ${frequencyFiles}
        where ${frequencyFiles.parentKey} = ${frequencies.key}
          and ${frequencyFiles.completedAt} is not null and ${frequencyFiles.deletedAt} is null)`;
      return withOwners(db.select(withFilesColumns).from(frequencies).$dynamic())
        .where(
          and(
            scope === null ? undefined : eq(frequencies.accountKey, sql.placeholder('scope')),
            inArray(frequencies.approvalStatus, ['NOT_RAISED', 'REJECTED']),
            sql`${liveFiles} >= ${REQUIRED_FILE_COUNT.frequency}`,
          ),
        )
        .orderBy(desc(frequencies.updatedAt), asc(frequencies.key))
        .prepare(name);
    })
      .execute({ scope })
      .then((rows) => rows.map(withListedFiles));
  },

  /** Answers the frequency as saved, or undefined when its version had moved. */
  async saveStatus(db: Executor, key: string, expectedVersion: number, changes: SetStatusChange) {
    const [saved] = await db
      .update(frequencies)
      .set({
        ...changes,
        version: sql`${frequencies.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(frequencies.key, key), eq(frequencies.version, expectedVersion)))
      .returning();
    return saved;
  },
};

export type FrequencyWithOwners = NonNullable<
  Awaited<ReturnType<typeof frequenciesRepository.find>>
>;
