import {
  DomainError,
  loanStatementDatesProblem,
  todayIn,
  type LoanStatementCreateBody,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { Storage } from '../../storage/storage.ts';
import { downloadUrlOf } from './fulfil-loan-statement.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import { getOpportunity } from '../loans/loans.service.ts';
import {
  loanStatementsRepository as repo,
  toLoanStatementRequest,
} from './loan-statements.repository.ts';

/**
 * A borrower asks for a statement of one of their loans (docs/product.md#screens). "Today" is the lender's
 * business day (BUSINESS_TIMEZONE), so the 365-day window matches what the pickers offer.
 */
export async function requestLoanStatement(
  db: Database,
  user: AuthenticatedUser,
  opportunityKey: string,
  input: LoanStatementCreateBody,
  timeZone: string,
) {
  const opportunity = await getOpportunity(db, user, opportunityKey);
  const problem = loanStatementDatesProblem(input, todayIn(timeZone));
  if (problem) throw new DomainError('VALIDATION_FAILED', problem);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      opportunityKey,
      requestedBy: user.id,
      fromDate: input.fromDate,
      toDate: input.toDate,
      borrowerRemarks: input.borrowerRemarks ?? null,
    });
    await recordChange(tx, user, {
      entityType: 'loan_statement',
      entityKey: created.id,
      action: 'loan_statement.requested',
      after: {
        opportunityKey,
        fromDate: input.fromDate,
        toDate: input.toDate,
        status: created.status,
      },
      event: {
        type: 'loan_statement.requested',
        orderingKey: `loan_statement:${created.id}`,
        data: {
          key: created.id,
          opportunityKey,
          accountId: opportunity.accountKey,
          status: created.status,
        },
      },
    });
    return created;
  });
  return toLoanStatementRequest(row);
}

/** A loan's statement requests, newest first, each fulfilled one with a fresh download link. */
export async function listLoanStatementRequests(
  db: Database,
  storage: Storage,
  user: AuthenticatedUser,
  opportunityKey: string,
) {
  await getOpportunity(db, user, opportunityKey);
  const rows = await repo.listForOpportunity(db, opportunityKey);
  return Promise.all(
    rows.map(async (row) => toLoanStatementRequest(row, await downloadUrlOf(storage, row))),
  );
}
