import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { submittedColumns, waitingAge } from './queue-age';

const NOW = new Date('2026-03-15T06:00:00.000Z');

afterEach(() => setLanguage('en'));

describe('waitingAge', () => {
  it.each([
    ['2026-03-15T01:00:00.000Z', 'Today'],
    ['2026-03-14T05:00:00.000Z', '1 day'],
    ['2026-03-12T05:59:00.000Z', '3 days'],
    // A clock a little ahead of the server's never reads as a negative age.
    ['2026-03-15T06:01:00.000Z', 'Today'],
  ])('counts whole days since %s as %s', (submittedAt, age) => {
    expect(waitingAge(submittedAt, NOW)).toBe(age);
  });
});

describe('submittedColumns', () => {
  it('says when an item was never submitted', () => {
    expect(submittedColumns({ submittedAt: null, approvalStatus: 'NOT_RAISED' })).toEqual({
      submitted: 'Not yet',
      age: '—',
    });
  });

  it('shows an age only while the item waits for a checker', () => {
    const at = '2026-03-10T06:00:00.000Z';
    expect(submittedColumns({ submittedAt: at, approvalStatus: 'PENDING_APPROVAL' }).age).toMatch(
      /days$/,
    );
    expect(submittedColumns({ submittedAt: at, approvalStatus: 'APPROVED' })).toEqual({
      submitted: '10 Mar 2026',
      age: '—',
    });
  });
});

describe('in Hindi', () => {
  it('says the age and a never-submitted item in Hindi', () => {
    setLanguage('hi');
    expect(waitingAge('2026-03-15T01:00:00.000Z', NOW)).toBe('आज');
    expect(waitingAge('2026-03-12T05:59:00.000Z', NOW)).toBe('3 दिन');
    expect(submittedColumns({ submittedAt: null, approvalStatus: 'NOT_RAISED' }).submitted).toBe(
      'अभी नहीं',
    );
  });
});
