import { describe, expect, it } from 'vitest';
import { decideRelease, decideSendBack, nocReleaseStep } from './four-eyes.ts';

const first = { id: 'user-1', role: 'approver' } as const;
const second = { id: 'user-2', role: 'admin' } as const;

describe('four-eyes NOC release', () => {
  it('with one approver, an approval or a rejection is final at once', () => {
    expect(decideRelease('APPROVED', null, first, false)).toEqual({ ok: true, step: 'final' });
    expect(decideRelease('REJECTED', null, first, false)).toEqual({ ok: true, step: 'final' });
  });

  it('with two approvers, the first approval waits for a second approver', () => {
    expect(decideRelease('APPROVED', null, first, true)).toEqual({
      ok: true,
      step: 'firstApproval',
    });
  });

  it('a different approver confirms the first approval', () => {
    expect(decideRelease('APPROVED', first.id, second, true)).toEqual({
      ok: true,
      step: 'confirmation',
    });
  });

  it('the first approver can never confirm their own approval', () => {
    expect(decideRelease('APPROVED', first.id, first, true)).toEqual({
      ok: false,
      code: 'SAME_APPROVER',
      message: 'domain.error.SAME_APPROVER.firstApprover',
    });
  });

  it('a rejection needs one approver, at either step, whoever approved first', () => {
    expect(decideRelease('REJECTED', null, first, true)).toEqual({ ok: true, step: 'final' });
    expect(decideRelease('REJECTED', first.id, first, true)).toEqual({ ok: true, step: 'final' });
    expect(decideRelease('REJECTED', first.id, second, true)).toEqual({ ok: true, step: 'final' });
  });

  it('a first approval left when the setting is turned off no longer holds the unit back', () => {
    expect(decideRelease('APPROVED', first.id, first, false)).toEqual({ ok: true, step: 'final' });
  });

  it('names the step a finalise takes, whoever gives it, as the checker’s screen offers it', () => {
    expect(nocReleaseStep('APPROVED', false, false)).toBe('final');
    expect(nocReleaseStep('APPROVED', true, false)).toBe('final');
    expect(nocReleaseStep('REJECTED', true, true)).toBe('final');
    expect(nocReleaseStep('APPROVED', false, true)).toBe('firstApproval');
    expect(nocReleaseStep('APPROVED', true, true)).toBe('confirmation');
  });

  it('a different approver sends a first approval back', () => {
    expect(decideSendBack('PENDING_APPROVAL', first.id, second)).toEqual({ ok: true });
  });

  it('the first approver cannot send back their own approval', () => {
    expect(decideSendBack('PENDING_APPROVAL', first.id, first)).toMatchObject({
      ok: false,
      code: 'SAME_APPROVER',
    });
  });

  it('only a first approval awaiting its second can be sent back', () => {
    expect(decideSendBack('PENDING_APPROVAL', null, second)).toMatchObject({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
    expect(decideSendBack('APPROVED', first.id, second)).toMatchObject({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
  });

  it('viewers and borrowers never send back, whatever the state', () => {
    expect(decideSendBack('PENDING_APPROVAL', first.id, { id: 'v', role: 'viewer' })).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(decideSendBack('NOT_RAISED', null, { id: 'c', role: 'client' })).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
  });
});
