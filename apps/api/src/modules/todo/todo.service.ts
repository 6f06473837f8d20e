import type { CheckerListQuery, TodoRejectedDocument } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import {
  listFrequenciesByStatus,
  listReadyFrequencies,
} from '../frequencies/frequencies.service.ts';
import { frequencyFilesRepository } from '../frequencies/frequency-document-set.ts';
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

const NEWEST_FIRST: CheckerListQuery = {
  page: 1,
  perPage: TODO_LIST_LENGTH,
  sort: 'recentlyUpdatedOnTop',
  search: undefined,
  next: undefined,
};

/** Each set with its live rejected documents (slot, reason, remarks), read in one statement. */
async function withRejectedDocuments<S extends { key: string }>(
  sets: S[],
  rejectedOf: (keys: string[]) => Promise<(TodoRejectedDocument & { parentKey: string })[]>,
) {
  const files = await rejectedOf(sets.map((set) => set.key));
  return sets.map((set) =>
    Object.assign(set, {
      rejectedDocuments: files
        .filter((file) => file.parentKey === set.key)
        .map(({ fileType, rejectionReason, approverRemarks }) => ({
          fileType,
          rejectionReason,
          approverRemarks,
        })),
    }),
  );
}

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
  const [packs, unitLists, rejectedFrequencies, readyFrequencies, letters, statements] =
    await Promise.all([
      packsOwed(db, scope, TODO_LIST_LENGTH, clock),
      todoUnitLists(db, scope, TODO_LIST_LENGTH),
      listFrequenciesByStatus(db, user, 'REJECTED', NEWEST_FIRST, clock.timeZone),
      listReadyFrequencies(db, scope, TODO_LIST_LENGTH, clock.timeZone),
      recentLettersOfAccount(db, scope, lettersSince, TODO_LIST_LENGTH),
      loanStatementsRepository.listOpenForAccount(db, scope, TODO_LIST_LENGTH),
    ]);
  const frequenciesToFix = await withRejectedDocuments(
    rejectedFrequencies.monitoringFrequencies,
    (keys) => frequencyFilesRepository.rejectedOf(db, keys),
  );
  return {
    monitoringPacks: packs.periods,
    rejectedUnits: unitLists.rejected.units,
    unitsToUpload: unitLists.toUpload.units,
    readyUnits: unitLists.ready.units,
    rejectedFrequencies: frequenciesToFix,
    readyFrequencies: readyFrequencies.frequencies,
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
      rejectedFrequencies: rejectedFrequencies.meta.totalRecords,
      readyFrequencies: readyFrequencies.total,
      nocLetters: letters.total,
      openLoanStatementRequests: statements.total,
    },
  };
}
