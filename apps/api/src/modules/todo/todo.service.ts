import type { CheckerListQuery } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import {
  listFrequenciesByStatus,
  listReadyFrequencies,
} from '../frequencies/frequencies.service.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import {
  loanStatementsRepository,
  toLoanStatementRequest,
} from '../loan-statements/loan-statements.repository.ts';
import { accountScope } from '../loans/loans.service.ts';
import { listReadyUnits, listUnitsByStatus } from '../units/units.service.ts';

/** How many of each kind a borrower's home lists; the counts say how many there are in all. */
export const TODO_LIST_LENGTH = 10;

const NEWEST_FIRST: CheckerListQuery = {
  page: 1,
  perPage: TODO_LIST_LENGTH,
  sort: 'recentlyUpdatedOnTop',
  search: undefined,
  next: undefined,
};

/**
 * A borrower's home (issue 11): what needs them now — rejected units and frequencies to fix, sets
 * ready to submit (the domain's readiness rule), and loan statements still being prepared.
 */
export async function borrowerTodo(db: Database, user: AuthenticatedUser) {
  const scope = accountScope(user) ?? '';
  const [rejectedUnits, readyUnits, rejectedFrequencies, readyFrequencies, statements] =
    await Promise.all([
      listUnitsByStatus(db, user, 'REJECTED', NEWEST_FIRST),
      listReadyUnits(db, scope, TODO_LIST_LENGTH),
      listFrequenciesByStatus(db, user, 'REJECTED', NEWEST_FIRST),
      listReadyFrequencies(db, scope, TODO_LIST_LENGTH),
      loanStatementsRepository.listOpenForAccount(db, scope, TODO_LIST_LENGTH),
    ]);
  return {
    rejectedUnits: rejectedUnits.units,
    readyUnits: readyUnits.units,
    rejectedFrequencies: rejectedFrequencies.monitoringFrequencies,
    readyFrequencies: readyFrequencies.frequencies,
    openLoanStatementRequests: statements.rows.map(({ request, opportunityName }) => ({
      ...toLoanStatementRequest(request),
      opportunityName,
    })),
    counts: {
      rejectedUnits: rejectedUnits.meta.totalRecords,
      readyUnits: readyUnits.total,
      rejectedFrequencies: rejectedFrequencies.meta.totalRecords,
      readyFrequencies: readyFrequencies.total,
      openLoanStatementRequests: statements.total,
    },
  };
}
