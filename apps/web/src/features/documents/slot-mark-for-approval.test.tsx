import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, makeFile } from './document-test-utils';
import { FIRST, FIRST_FILE, renderPanel, slot, stubSet } from './panel-test-utils';

describe('Mark for approval (docs/product.md#statuses)', () => {
  it('sends one file to the checker, saying what that means', async () => {
    const { fetchMock } = stubSet('client', 'NOT_RAISED', [makeFile('SHORTFALL_INFUSION_PROOF')], {
      [`PUT ${FIRST_FILE}`]: {
        status: 200,
        body: makeFile('SHORTFALL_INFUSION_PROOF', { approvalStatus: 'PENDING_APPROVAL' }),
      },
    });
    const { onChanged } = renderPanel();
    const item = await slot(FIRST);
    const mark = item.getByRole('button', { name: `Mark ${FIRST} for approval` });
    const hint = document.getElementById(mark.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toContain('A checker reviews this one document now');
    fireEvent.click(mark);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([
        { approvalStatus: 'PENDING_APPROVAL' },
      ]),
    );
    expect(await screen.findByText(/is marked for approval/)).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('is not offered for an approved file', async () => {
    stubSet('client', 'REJECTED', [
      makeFile('SHORTFALL_INFUSION_PROOF', { approvalStatus: 'APPROVED', approverRemarks: 'Fine' }),
    ]);
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText('Fine')).toBeTruthy();
    expect(item.queryByRole('button', { name: /for approval/ })).toBeNull();
  });

  it('is not offered to a checker', async () => {
    stubSet('approver', 'NOT_RAISED', [makeFile('SHORTFALL_INFUSION_PROOF')]);
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText('shortfall_infusion_proof.pdf')).toBeTruthy();
    expect(item.queryByRole('button', { name: /for approval/ })).toBeNull();
  });
});
