import type { Database } from '../../db/client.ts';
import { todoFrequencyLists } from '../frequencies/frequencies.service.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import {
  loanStatementsRepository,
  toLoanStatementRequest,
} from '../loan-statements/loan-statements.repository.ts';
import { accountScope } from '../loans/loans.service.ts';
import { packsOwed, type CalendarClock } from '../monitoring/monitoring.service.ts';
import { recentLettersOfAccount } from '../noc-letters/noc-letters.service.ts';
import { todoUnitLists } from '../units/units.service.ts';

/** How many of each kind a borrower's home lists; the counts say how many there are in all. */
export const TODO_LIST_LENGTH = 10;

/** A NOC letter stays on the home this long after its unit's approval (downloads are not recorded). */
export const NOC_LETTER_TODO_DAYS = 30;

/**
 * A borrower's home (issue 11): everything that needs them now — monitoring packs due or
 * overdue, rejected units and frequencies with what was rejected and why, units with documents
 * still to upload, sets ready to submit (the domain's readiness rule), NOC letters to download
 * and loan statements still being prepared. Every read is the borrower's own account's, and each
 * is the first few off an index plus a count.
 */
export async function borrowerTodo(db: Database, user: AuthenticatedUser, clock: CalendarClock) {
  const scope = accountScope(user) ?? '';
  const lettersSince = new Date(clock.now().getTime() - NOC_LETTER_TODO_DAYS * 86_400_000);
  const [packs, unitLists, frequencyLists, letters, statements] = await Promise.all([
    packsOwed(db, scope, TODO_LIST_LENGTH, clock),
    todoUnitLists(db, scope, TODO_LIST_LENGTH),
    todoFrequencyLists(db, scope, TODO_LIST_LENGTH, clock.timeZone),
    recentLettersOfAccount(db, scope, lettersSince, TODO_LIST_LENGTH),
    loanStatementsRepository.listOpenForAccount(db, scope, TODO_LIST_LENGTH),
  ]);
  return {
    monitoringPacks: packs.periods,
    rejectedUnits: unitLists.rejected.units,
    unitsToUpload: unitLists.toUpload.units,
    readyUnits: unitLists.ready.units,
    rejectedFrequencies: frequencyLists.rejected.frequencies,
    readyFrequencies: frequencyLists.ready.frequencies,
    nocLetters: letters.letters,
    openLoanStatementRequests: statements.rows.map(({ request, opportunityName }) => ({
      ...toLoanStatementRequest(request),
      opportunityName,
    })),
    counts: {
      monitoringPacks: packs.total,
      overduePacks: packs.overdue,
      rejectedUnits: unitLists.rejected.total,
      unitsToUpload: unitLists.toUpload.total,
      readyUnits: unitLists.ready.total,
      rejectedFrequencies: frequencyLists.rejected.total,
      readyFrequencies: frequencyLists.ready.total,
      nocLetters: letters.total,
      openLoanStatementRequests: statements.total,
    },
  };
}
