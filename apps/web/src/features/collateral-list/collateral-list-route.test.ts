import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@portal/domain';
import { collateralListHeading } from './collateral-list-route';

const borrower: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

describe('the collateral queue as the shell knows it', () => {
  it('heads the queue by role while its code loads, as the screen heads it', () => {
    expect(collateralListHeading(borrower)).toBe('Collateral Status');
    expect(collateralListHeading({ ...borrower, role: 'viewer', accountKey: null })).toBe(
      'Collateral Checker',
    );
  });
});
