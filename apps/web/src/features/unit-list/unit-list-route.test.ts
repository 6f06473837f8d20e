import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@portal/domain';
import { unitListHeading } from './unit-list-route';

const borrower: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

describe('the unit list as the shell knows it', () => {
  it('heads the list by role while its code loads, as the screen heads it (docs/product.md#screens)', () => {
    expect(unitListHeading(borrower)).toBe('Unit Status');
    expect(unitListHeading({ ...borrower, role: 'approver', accountKey: null })).toBe(
      'NOC Checker',
    );
  });
});
