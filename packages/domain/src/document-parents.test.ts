import { describe, expect, it } from 'vitest';
import {
  frequencyLabel,
  frequencyPanelPath,
  unitLabel,
  unitPanelPath,
} from './document-parents.ts';
import { frequencyCodeLabel, monthLabel } from './frequency.ts';

describe('labels', () => {
  it('names a unit by project, tower and unit number', () => {
    expect(unitLabel({ projectName: 'Green Acres', tower: 'A', unit: 'A-101' })).toBe(
      'Green Acres · Tower A · Unit A-101',
    );
  });

  it('does not double a word the lender already wrote', () => {
    expect(unitLabel({ projectName: 'Green Acres ', tower: 'Tower 3', unit: 'unit 12' })).toBe(
      'Green Acres · Tower 3 · unit 12',
    );
    // "Towers" is a name, not the word.
    expect(unitLabel({ projectName: 'P', tower: 'Towers', unit: '1' })).toBe(
      'P · Tower Towers · Unit 1',
    );
  });

  it('names a unit in Hindi, keeping a word the lender already wrote in either language', () => {
    expect(unitLabel({ projectName: 'Green Acres', tower: 'A', unit: 'A-101' }, 'hi')).toBe(
      'Green Acres · टावर A · यूनिट A-101',
    );
    expect(unitLabel({ projectName: 'P', tower: 'Tower 3', unit: 'यूनिट 12' }, 'hi')).toBe(
      'P · Tower 3 · यूनिट 12',
    );
    expect(unitLabel({ projectName: 'P', tower: 'A', unit: '1' }, 'en')).toBe(
      'P · Tower A · Unit 1',
    );
  });

  it('names a frequency by collateral, frequency and month', () => {
    expect(
      frequencyLabel({
        collateralName: 'Receivables of Tower A',
        frequency: 1,
        month: 3,
        year: 2026,
      }),
    ).toBe('Receivables of Tower A · Monthly, March 2026');
    expect(frequencyLabel({ collateralName: 'Stock', frequency: 3, month: 12, year: 2025 })).toBe(
      'Stock · Quarterly, December 2025',
    );
    expect(
      frequencyLabel({ collateralName: 'Stock', frequency: 1, month: 3, year: 2026 }, 'hi'),
    ).toBe(`Stock · ${frequencyCodeLabel(1, 'hi')}, ${monthLabel(3, 'hi')} 2026`);
  });
});

describe('panel links', () => {
  it('opens a unit on Unit Status for its borrower and on the NOC Checker for staff, keys encoded', () => {
    const keys = { projectKey: 'P 1/á', unitKey: 'U&1' };
    expect(unitPanelPath({ staff: false, status: 'REJECTED', ...keys })).toBe(
      '/unitstatus?status=REJECTED&project=P%201%2F%C3%A1&unit=U%261',
    );
    expect(unitPanelPath({ staff: true, status: 'PENDING_APPROVAL', ...keys })).toBe(
      '/checker?status=PENDING_APPROVAL&project=P%201%2F%C3%A1&unit=U%261',
    );
  });

  it('opens a frequency on Collateral Status or the Collateral Checker', () => {
    const keys = { collateralKey: 'COL-1', frequencyKey: 'f-1' };
    expect(frequencyPanelPath({ staff: false, status: 'ALL', ...keys })).toBe(
      '/collateralstatus?status=ALL&collateral=COL-1&frequency=f-1',
    );
    expect(frequencyPanelPath({ staff: true, status: 'PENDING_APPROVAL', ...keys })).toBe(
      '/collateralchecker?status=PENDING_APPROVAL&collateral=COL-1&frequency=f-1',
    );
  });

  it('names the slot to open at, when given', () => {
    expect(
      unitPanelPath({
        staff: false,
        status: 'REJECTED',
        projectKey: 'P1',
        unitKey: 'U1',
        slot: 'CUSTOMER_LEDGER',
      }),
    ).toBe('/unitstatus?status=REJECTED&project=P1&unit=U1&slot=CUSTOMER_LEDGER');
    expect(
      frequencyPanelPath({
        staff: false,
        status: 'REJECTED',
        collateralKey: 'C1',
        frequencyKey: 'F1',
        slot: 'BANK_STATEMENT',
      }),
    ).toBe('/collateralstatus?status=REJECTED&collateral=C1&frequency=F1&slot=BANK_STATEMENT');
  });
});
