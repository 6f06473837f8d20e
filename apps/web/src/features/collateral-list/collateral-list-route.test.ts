import { describe, expect, it } from 'vitest';
import { collateralListHeading } from './collateral-list-route';
import { demoBorrower as borrower } from '../../test/session-users';

describe('the collateral queue as the shell knows it', () => {
  it('heads the queue by role while its code loads, as the screen heads it', () => {
    expect(collateralListHeading(borrower)).toBe('Collateral Status');
    expect(collateralListHeading({ ...borrower, role: 'viewer', accountKey: null })).toBe(
      'Collateral Checker',
    );
  });
});
