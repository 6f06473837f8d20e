import { LOAN_STATEMENT_WINDOW_DAYS, addDays } from '../dates.ts';
import type { ErrorDetails } from '../errors.ts';

/** docs/product.md#validation, #limits: the pickers run from 365 days before today up to today. */
export function loanStatementWindow(today: string): { minDate: string; maxDate: string } {
  return { minDate: addDays(today, -LOAN_STATEMENT_WINDOW_DAYS), maxDate: today };
}

/** A date the server refuses (VALIDATION_FAILED), and the form shows under its picker. */
export interface DateProblem extends ErrorDetails<'VALIDATION_FAILED'> {
  field: 'fromDate' | 'toDate';
  message: NonNullable<ErrorDetails<'VALIDATION_FAILED'>['message']>;
}

/**
 * docs/product.md#server-rules: loan-statement dates lie within the last 365 days and from ≤ to.
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
      message: 'domain.error.VALIDATION_FAILED.startWithinDays',
      values: { days: LOAN_STATEMENT_WINDOW_DAYS },
    };
  }
  if (dates.fromDate > maxDate)
    return { field: 'fromDate', message: 'domain.error.VALIDATION_FAILED.startInFuture' };
  if (dates.toDate > maxDate)
    return { field: 'toDate', message: 'domain.error.VALIDATION_FAILED.endInFuture' };
  if (dates.fromDate > dates.toDate) {
    return { field: 'toDate', message: 'domain.error.VALIDATION_FAILED.endAfterStart' };
  }
  return null;
}
