import { describe, expect, it } from 'vitest';
import { actorLabel, formatDateTime } from './attribution';

describe('attribution', () => {
  it('writes an instant as its date and 24-hour time in the business time zone', () => {
    expect(formatDateTime('2026-11-22T08:35:00.000Z')).toBe('22 Nov 2026, 14:05');
    // Just after midnight in Kolkata is still the previous day in UTC.
    expect(formatDateTime('2026-11-21T18:45:00.000Z')).toBe('22 Nov 2026, 00:15');
  });

  it('names a person with their role in words', () => {
    expect(actorLabel({ username: 'priya', role: 'approver' })).toBe('priya (approver)');
    expect(actorLabel({ username: 'ACC1001', role: 'client' })).toBe('ACC1001 (borrower)');
  });

  it('names a person by name when the portal knows it, and a withheld one by role alone', () => {
    expect(actorLabel({ username: '', role: 'approver', name: 'Priya Nair' })).toBe(
      'Priya Nair (approver)',
    );
    expect(actorLabel({ username: '', role: 'approver', name: null })).toBe(
      'The lender’s approver',
    );
  });
});
