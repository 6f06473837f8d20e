import { describe, expect, it } from 'vitest';
import { STAFF_SIGN_ON_ERRORS, staffSignOnErrorMessage } from './staff-sign-on.ts';

describe('staffSignOnErrorMessage', () => {
  it('words each known code, in either language', () => {
    expect(staffSignOnErrorMessage('staff_domain_not_allowed')).toBe(
      "Staff sign-in is limited to your lender's e-mail domains. Sign in with your work account.",
    );
    for (const code of STAFF_SIGN_ON_ERRORS) {
      expect(staffSignOnErrorMessage(code)).not.toContain('domain.');
      expect(staffSignOnErrorMessage(code, 'hi')).not.toBe(staffSignOnErrorMessage(code));
    }
  });

  it('never echoes an unknown code, nor an inherited property name', () => {
    for (const code of ['<script>alert(1)</script>', 'constructor', '__proto__', 'toString', '']) {
      const message = staffSignOnErrorMessage(code);
      expect(message).toBe('Staff sign-in could not be completed. Please try again.');
    }
  });
});
