import { describe, expect, it } from 'vitest';
import { decideUnit, isUnitReadyToSubmit, nocType, unitDocumentSet } from './unit-rules.ts';
import { unitSlotFileTypes } from '../file-types.ts';

const owner = { role: 'client', isOwner: true } as const;

describe('unit rules', () => {
  it('the NOC type is Final when only the final NOC request is present', () => {
    expect(nocType([{ fileType: 'NOC_REQUEST_FINAL' }, { fileType: 'OTHER' }])).toBe('Final');
  });

  it('the NOC type is Provisional when the provisional NOC request is present', () => {
    expect(nocType([{ fileType: 'NOC_REQUEST_PROVISIONAL' }])).toBe('Provisional');
    expect(
      nocType([{ fileType: 'NOC_REQUEST_FINAL' }, { fileType: 'NOC_REQUEST_PROVISIONAL' }]),
    ).toBe('Provisional');
  });

  it('the NOC type is null without a NOC request file', () => {
    expect(nocType([{ fileType: 'OTHER' }])).toBeNull();
    expect(nocType([])).toBeNull();
  });

  it('a unit’s document set has its seven slots with the selected NOC', () => {
    const state = unitDocumentSet({ approvalStatus: 'NOT_RAISED', selectedNoc: 'Provisional' }, []);
    expect(state.slots).toEqual(unitSlotFileTypes('Provisional'));
    expect(state.status).toBe('NOT_RAISED');
  });

  it('a unit with all seven files submits through the unit wrapper', () => {
    const files = unitSlotFileTypes('Final').map((fileType) => ({
      fileType,
      approvalStatus: 'NOT_RAISED' as const,
      approverRemarks: null,
    }));
    const state = unitDocumentSet({ approvalStatus: 'NOT_RAISED', selectedNoc: 'Final' }, files);
    expect(isUnitReadyToSubmit(state)).toBe(true);
    expect(decideUnit(state, { type: 'submit' }, owner).ok).toBe(true);
    expect(decideUnit(state, { type: 'reopen' }, owner)).toEqual({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
    });
  });
});
