import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loanStatementRequests } from '../../db/schema.ts';

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
