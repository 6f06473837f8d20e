import { describe, expect, it } from 'vitest';
import { fullSet, renderPanel, slot, stubSet, UNIT, unitAnswer, FIRST } from './panel-test-utils';

describe('A decided document’s note on changing it', () => {
  const approvedFirst = () => fullSet('PENDING_APPROVAL', { SHORTFALL_INFUSION_PROOF: 'APPROVED' });

  it('points to the final Submit when one approval releases the unit', async () => {
    stubSet('approver', 'PENDING_APPROVAL', approvedFirst());
    renderPanel();
    expect((await slot(FIRST)).getByText('Possible until the final Submit.')).toBeTruthy();
  });

  it('points to the first approval under four-eyes release, where there is no final Submit', async () => {
    stubSet('approver', 'PENDING_APPROVAL', approvedFirst(), {
      [UNIT]: unitAnswer('PENDING_APPROVAL', 4, { approvalsRequired: 2, firstApproval: null }),
    });
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText('Possible until the NOC’s first approval.')).toBeTruthy();
    expect(item.queryByText('Possible until the final Submit.')).toBeNull();
  });
});
