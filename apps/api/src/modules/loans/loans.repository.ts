import { and, asc, count, eq, gt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedOnce, tableTotal } from '../../db/lists/index.ts';
import { accounts, opportunities, projects } from '../../db/schema.ts';

/** `accountKey` null means staff: every account. A borrower's reads are always narrowed to theirs. */
export type AccountScope = string | null;

const opportunityColumns = {
  key: opportunities.key,
  accountKey: opportunities.accountKey,
  accountName: accounts.name,
  name: opportunities.name,
  sanctionAmount: opportunities.sanctionAmount,
  peakExposure: opportunities.peakExposure,
  currentFace: opportunities.currentFace,
};

/** `scope` is an account's key, a placeholder for one in a prepared statement, or null for all. */
const inScope = (scope: AccountScope | SQLWrapper, extra?: SQL) =>
  and(scope === null ? undefined : eq(opportunities.accountKey, scope), extra);

export const loansRepository = {
  /** Prepared once per database (scoped to an account or not): no SQL is built per request. */
  async listOpportunities(
    db: Executor,
    scope: AccountScope,
    page: { offset: number; limit: number },
  ) {
    const variant = scope === null ? 'all' : 'account';
    const account = scope === null ? null : sql.placeholder('account');
    const values = { account: scope, offset: page.offset, limit: page.limit };
    const [rows, [total]] = await Promise.all([
      preparedOnce(db, `opportunities.${variant}`, (name) =>
        db
          .select(opportunityColumns)
          .from(opportunities)
          .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
          .where(inScope(account))
          .orderBy(asc(opportunities.key))
          .offset(sql.placeholder('offset'))
          .limit(sql.placeholder('limit'))
          .prepare(name),
      ).execute(values),
      // An account's loans are counted off its index; every account's total is kept.
      preparedOnce(db, `opportunities.${variant}.total`, (name) =>
        (scope === null
          ? tableTotal(db, 'opportunities')
          : db.select({ n: count() }).from(opportunities).where(inScope(account))
        ).prepare(name),
      ).execute(values),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async findOpportunity(db: Executor, scope: AccountScope, key: string) {
    const variant = scope === null ? 'all' : 'account';
    const [row] = await preparedOnce(db, `opportunity.${variant}.by-key`, (name) =>
      db
        .select(opportunityColumns)
        .from(opportunities)
        .innerJoin(accounts, eq(accounts.key, opportunities.accountKey))
        .where(
          inScope(
            scope === null ? null : sql.placeholder('account'),
            eq(opportunities.key, sql.placeholder('key')),
          ),
        )
        .prepare(name),
    ).execute({ account: scope, key });
    return row;
  },

  /** Keyset paging: `after` is the last key of the previous page. */
  async listProjects(
    db: Executor,
    opportunityKey: string,
    after: string | undefined,
    limit: number,
  ) {
    return preparedOnce(db, `projects.of-loan${after ? '.after' : ''}`, (name) =>
      db
        .select({ key: projects.key, name: projects.name, opportunityKey: projects.opportunityKey })
        .from(projects)
        .where(
          and(
            eq(projects.opportunityKey, sql.placeholder('loan')),
            after ? gt(projects.key, sql.placeholder('after')) : undefined,
          ),
        )
        .orderBy(asc(projects.key))
        .limit(sql.placeholder('limit'))
        .prepare(name),
    ).execute({ loan: opportunityKey, after, limit });
  },

  async countProjects(db: Executor, opportunityKey: string) {
    const [row] = await preparedOnce(db, 'projects.of-loan.total', (name) =>
      db
        .select({ n: count() })
        .from(projects)
        .where(eq(projects.opportunityKey, sql.placeholder('loan')))
        .prepare(name),
    ).execute({ loan: opportunityKey });
    return row?.n ?? 0;
  },

  /**
   * A project by its key with whether its loan is in `scope`, in one statement: null when there
   * is no such project, `loanVisible` false when its loan is another account's.
   */
  async findProjectInScope(db: Executor, scope: AccountScope, projectKey: string) {
    const variant = scope === null ? 'all' : 'account';
    const [row] = await preparedOnce(db, `project.${variant}.by-key`, (name) =>
      db
        .select({
          key: projects.key,
          opportunityKey: projects.opportunityKey,
          loanVisible: sql<boolean>`${opportunities.key} is not null`,
        })
        .from(projects)
        .leftJoin(
          opportunities,
          inScope(
            scope === null ? null : sql.placeholder('account'),
            eq(opportunities.key, projects.opportunityKey),
          ),
        )
        .where(eq(projects.key, sql.placeholder('project')))
        .prepare(name),
    ).execute({ account: scope, project: projectKey });
    return row ?? null;
  },

  /**
   * A loan in `scope` and one of its projects, in one statement: null when the loan is not
   * there (or not the account's), `project` null when the loan has no such project.
   */
  async findProjectOfLoan(
    db: Executor,
    scope: AccountScope,
    opportunityKey: string,
    projectKey: string,
  ) {
    const variant = scope === null ? 'all' : 'account';
    const [row] = await preparedOnce(db, `project.${variant}.of-loan`, (name) =>
      db
        .select({
          project: {
            key: projects.key,
            name: projects.name,
            opportunityKey: projects.opportunityKey,
          },
        })
        .from(opportunities)
        .leftJoin(
          projects,
          and(
            eq(projects.opportunityKey, opportunities.key),
            eq(projects.key, sql.placeholder('project')),
          ),
        )
        .where(
          inScope(
            scope === null ? null : sql.placeholder('account'),
            eq(opportunities.key, sql.placeholder('loan')),
          ),
        )
        .prepare(name),
    ).execute({ account: scope, loan: opportunityKey, project: projectKey });
    return row ?? null;
  },
};

export type OpportunityRow = NonNullable<
  Awaited<ReturnType<typeof loansRepository.findOpportunity>>
>;

export const toOpportunity = (row: OpportunityRow) => ({
  key: row.key,
  id: row.key,
  accountId: row.accountKey,
  accountName: row.accountName,
  name: row.name,
  sanctionAmount: row.sanctionAmount,
  peakExposure: row.peakExposure,
  currentFace: row.currentFace,
});
