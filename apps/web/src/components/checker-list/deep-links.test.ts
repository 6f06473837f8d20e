import { describe, expect, it } from 'vitest';
import { collateralFrequencyLink, frequencyLink, unitLink } from './deep-links';

describe('panel links', () => {
  it('open a borrower’s unit on Unit Status, filtered to its status, keys encoded', () => {
    expect(unitLink('client', { projectKey: 'P 1', key: 'U/7', approvalStatus: 'REJECTED' })).toBe(
      '/unitstatus?status=REJECTED&project=P%201&unit=U%2F7',
    );
  });

  it('open staff on the checker screens; a not-raised item shows under All', () => {
    expect(unitLink('viewer', { projectKey: 'P1', key: 'U1', approvalStatus: 'NOT_RAISED' })).toBe(
      '/checker?status=ALL&project=P1&unit=U1',
    );
    expect(
      frequencyLink('approver', {
        collateralKey: 'C1',
        key: 'F1',
        approvalStatus: 'PENDING_APPROVAL',
      }),
    ).toBe('/collateralchecker?status=PENDING_APPROVAL&collateral=C1&frequency=F1');
  });

  it('open a frequency on its collateral’s frequency screen, keys encoded', () => {
    expect(collateralFrequencyLink({ accountId: 'ACC 1', collateralKey: 'C/1', key: 'F1' })).toBe(
      '/accounts/ACC%201/collaterals?collateral=C%2F1&frequency=F1',
    );
  });
});
