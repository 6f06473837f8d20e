import { LOAN_STATEMENT_WINDOW_DAYS, addDays } from '../dates.ts';

/** SPEC §5 / §9: the pickers run from 365 days before today up to today. */
export function loanStatementWindow(today: string): { minDate: string; maxDate: string } {
  return { minDate: addDays(today, -LOAN_STATEMENT_WINDOW_DAYS), maxDate: today };
}

export interface DateProblem {
  field: 'fromDate' | 'toDate';
  message: string;
}

/**
 * DESIGN §5: loan-statement dates lie within the last 365 days and from ≤ to.
 * Dates are 'YYYY-MM-DD', so text order is date order. Null when fine.
 */
export function loanStatementDatesProblem(
  dates: { fromDate: string; toDate: string },
  today: string,
): DateProblem | null {
  const { minDate, maxDate } = loanStatementWindow(today);
  if (dates.fromDate < minDate) {
    return {
      field: 'fromDate',
      message: `Start date must be within the last ${LOAN_STATEMENT_WINDOW_DAYS} days`,
    };
  }
  if (dates.fromDate > maxDate)
    return { field: 'fromDate', message: 'Start date cannot be in the future' };
  if (dates.toDate > maxDate)
    return { field: 'toDate', message: 'End date cannot be in the future' };
  if (dates.fromDate > dates.toDate) {
    return { field: 'toDate', message: 'End date must be on or after the start date' };
  }
  return null;
}
