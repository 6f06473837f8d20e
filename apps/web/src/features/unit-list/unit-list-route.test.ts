import { describe, expect, it } from 'vitest';
import { unitListHeading } from './unit-list-route';
import { demoBorrower as borrower } from '../../test/session-users';

describe('the unit list as the shell knows it', () => {
  it('heads the list by role while its code loads, as the screen heads it (docs/product.md#screens)', () => {
    expect(unitListHeading(borrower)).toBe('Unit Status');
    expect(unitListHeading({ ...borrower, role: 'approver', accountKey: null })).toBe(
      'NOC Checker',
    );
  });
});
