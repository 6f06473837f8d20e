import { describe, expect, it } from 'vitest';
import { translate } from '../translate.ts';
import {
  loanStatementDatesProblem as problemOf,
  loanStatementWindow,
  type DateProblem,
} from './loan-statement-rules.ts';

const today = '2026-11-22';

/** The problem as the form shows it, in English. */
const loanStatementDatesProblem = (dates: { fromDate: string; toDate: string }, on: string) => {
  const problem: DateProblem | null = problemOf(dates, on);
  return (
    problem && { field: problem.field, message: translate('en', problem.message, problem.values) }
  );
};

describe('loan statement dates', () => {
  it('the pickers run from 365 days before today to today', () => {
    expect(loanStatementWindow(today)).toEqual({ minDate: '2025-11-22', maxDate: '2026-11-22' });
  });

  it('accepts a range inside the window, including both ends', () => {
    expect(loanStatementDatesProblem({ fromDate: '2025-11-22', toDate: today }, today)).toBeNull();
    expect(loanStatementDatesProblem({ fromDate: today, toDate: today }, today)).toBeNull();
  });

  it('refuses a start more than 365 days back', () => {
    expect(loanStatementDatesProblem({ fromDate: '2025-11-21', toDate: today }, today)).toEqual({
      field: 'fromDate',
      message: 'Start date must be within the last 365 days',
    });
  });

  it('refuses dates after today', () => {
    expect(
      loanStatementDatesProblem({ fromDate: '2026-11-23', toDate: '2026-11-24' }, today),
    ).toEqual({
      field: 'fromDate',
      message: 'Start date cannot be in the future',
    });
    expect(loanStatementDatesProblem({ fromDate: today, toDate: '2026-11-23' }, today)).toEqual({
      field: 'toDate',
      message: 'End date cannot be in the future',
    });
  });

  it('refuses a start after the end', () => {
    expect(
      loanStatementDatesProblem({ fromDate: '2026-11-20', toDate: '2026-11-10' }, today),
    ).toEqual({
      field: 'toDate',
      message: 'End date must be on or after the start date',
    });
  });
});
