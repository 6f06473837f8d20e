import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loanStatementRequests, opportunities } from '../../db/schema.ts';

export type LoanStatementRow = typeof loanStatementRequests.$inferSelect;

export const loanStatementsRepository = {
  async insert(db: Executor, row: typeof loanStatementRequests.$inferInsert) {
    const [created] = await db.insert(loanStatementRequests).values(row).returning();
    return created!;
  },

  listForOpportunity(db: Executor, opportunityKey: string) {
    return db
      .select()
      .from(loanStatementRequests)
      .where(eq(loanStatementRequests.opportunityKey, opportunityKey))
      .orderBy(desc(loanStatementRequests.createdAt));
  },

  /** An account's requests still waiting for a statement, newest first: the first `limit` and how many. */
  async listOpenForAccount(db: Executor, accountKey: string, limit: number) {
    const where = and(
      eq(opportunities.accountKey, accountKey),
      eq(loanStatementRequests.status, 'REQUESTED'),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ request: loanStatementRequests, opportunityName: opportunities.name })
        .from(loanStatementRequests)
        .innerJoin(opportunities, eq(opportunities.key, loanStatementRequests.opportunityKey))
        .where(where)
        .orderBy(desc(loanStatementRequests.createdAt), desc(loanStatementRequests.id))
        .limit(limit),
      db
        .select({ n: count() })
        .from(loanStatementRequests)
        .innerJoin(opportunities, eq(opportunities.key, loanStatementRequests.opportunityKey))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
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
