import { and, desc, eq, sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/lists/index.ts';
import type { Executor } from '../../db/client.ts';
import { loanStatementRequests, opportunities } from '../../db/schema.ts';

export type LoanStatementRow = typeof loanStatementRequests.$inferSelect;

export const loanStatementsRepository = {
  async insert(db: Executor, row: typeof loanStatementRequests.$inferInsert) {
    const [created] = await db.insert(loanStatementRequests).values(row).returning();
    return created!;
  },

  listForOpportunity(db: Executor, opportunityKey: string) {
    return preparedOnce(db, 'loan-statements.of-loan', (name) =>
      db
        .select()
        .from(loanStatementRequests)
        .where(eq(loanStatementRequests.opportunityKey, sql.placeholder('loan')))
        .orderBy(desc(loanStatementRequests.createdAt))
        .prepare(name),
    ).execute({ loan: opportunityKey });
  },

  /** An account's requests still waiting for a statement, newest first: the first `limit` and how many. */
  async listOpenForAccount(db: Executor, accountKey: string, limit: number) {
    // An account's open requests are a few: counted by the statement that pages them.
    const rows = await preparedOnce(db, 'loan-statements.account.open', (name) =>
      db
        .select({
          request: loanStatementRequests,
          opportunityName: opportunities.name,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(loanStatementRequests)
        .innerJoin(opportunities, eq(opportunities.key, loanStatementRequests.opportunityKey))
        .where(
          and(
            eq(opportunities.accountKey, sql.placeholder('account')),
            eq(loanStatementRequests.status, 'REQUESTED'),
          ),
        )
        .orderBy(desc(loanStatementRequests.createdAt), desc(loanStatementRequests.id))
        .limit(sql.placeholder('limit'))
        .prepare(name),
    ).execute({ account: accountKey, limit });
    return { rows, total: rows[0]?.total ?? 0 };
  },
};

export const toLoanStatementRequest = (
  row: LoanStatementRow,
  downloadUrl: string | null = null,
) => ({
  id: row.id,
  opportunityKey: row.opportunityKey,
  fromDate: row.fromDate,
  toDate: row.toDate,
  borrowerRemarks: row.borrowerRemarks,
  approverRemarks: row.approverRemarks,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
  fileName: row.fileName,
  downloadUrl,
});
