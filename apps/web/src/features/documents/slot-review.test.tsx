import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, makeFile } from './document-test-utils';
import {
  FIRST,
  FIRST_FILE,
  fullSet,
  isDisabled,
  renderPanel,
  slot,
  stubSet,
} from './panel-test-utils';

const echoReview = {
  [`PUT ${FIRST_FILE}`]: (body: unknown) => ({
    status: 200,
    body: makeFile('SHORTFALL_INFUSION_PROOF', body as object),
  }),
};

describe('Review part of a slot', () => {
  it('lets an approver approve or reject a pending file only with remarks', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('PENDING_APPROVAL'),
      echoReview,
    );
    renderPanel();
    const item = await slot(FIRST);
    const approve = item.getByRole('button', { name: `Approve ${FIRST}` });
    const reject = item.getByRole('button', { name: `Reject ${FIRST}` });
    expect([isDisabled(approve), isDisabled(reject)]).toEqual([true, true]);
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: `Change ${FIRST}` })).toBeNull();

    const remarks = item.getByRole('textbox', { name: 'Approver remarks' });
    fireEvent.change(remarks, { target: { value: '  ' } });
    expect(isDisabled(approve)).toBe(true);
    fireEvent.change(remarks, { target: { value: ' Figures do not match ' } });
    expect([isDisabled(approve), isDisabled(reject)]).toEqual([false, false]);
    fireEvent.click(reject);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([
        { approvalStatus: 'REJECTED', approverRemarks: 'Figures do not match' },
      ]),
    );
  });

  it('shows both remarks as text with who wrote them and when', async () => {
    stubSet('client', 'REJECTED', [
      makeFile('SHORTFALL_INFUSION_PROOF', {
        borrowerRemarks: 'Bank statement for March',
        uploadedBy: 'ACC1001',
        createdAt: '2026-11-20T04:30:00.000Z',
        approvalStatus: 'REJECTED',
        approverRemarks: 'Figures do not match',
        reviewedBy: { username: 'priya', role: 'approver' },
        reviewedAt: '2026-11-22T08:35:00.000Z',
      }),
    ]);
    renderPanel();
    const item = await slot(FIRST);
    const borrower = item.getByText('Borrower remarks').closest('figure')!;
    expect(borrower.textContent).toContain('Bank statement for March');
    expect(borrower.textContent).toContain('ACC1001, 20 Nov 2026, 10:00');
    const reason = item.getByText('Approver remarks: reason for rejection').closest('figure')!;
    expect(reason.textContent).toContain('Figures do not match');
    expect(reason.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T08:35:00.000Z');
    expect(reason.textContent).toContain('priya (approver), 22 Nov 2026, 14:05');
    // Readable text, not a disabled box (issue 11: about 1.5:1 contrast before).
    expect(item.queryByRole('textbox')).toBeNull();
  });

  it('lets a checker change a decision while the set awaits the final Submit', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('PENDING_APPROVAL', { SHORTFALL_INFUSION_PROOF: 'APPROVED' }),
      echoReview,
    );
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText('Approver remarks').closest('figure')?.textContent).toContain('Checked');
    expect(item.queryByRole('button', { name: `Approve ${FIRST}` })).toBeNull();

    const change = item.getByRole('button', { name: `Change the decision on ${FIRST}` });
    fireEvent.click(change);
    const remarks = item.getByRole('textbox', { name: /New approver remarks/ });
    // Keyboard users land in the box they need next.
    expect(document.activeElement).toBe(remarks);
    const reject = item.getByRole('button', { name: `Reject ${FIRST}` });
    expect(isDisabled(reject)).toBe(true);

    // Keeping the decision puts the focus back where it was.
    fireEvent.click(item.getByRole('button', { name: 'Keep the decision' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        item.getByRole('button', { name: `Change the decision on ${FIRST}` }),
      ),
    );

    fireEvent.click(item.getByRole('button', { name: `Change the decision on ${FIRST}` }));
    fireEvent.change(item.getByRole('textbox', { name: /New approver remarks/ }), {
      target: { value: 'Signature missing on page 2' },
    });
    fireEvent.click(item.getByRole('button', { name: `Reject ${FIRST}` }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([
        { approvalStatus: 'REJECTED', approverRemarks: 'Signature missing on page 2' },
      ]),
    );
    expect(await screen.findByText(`${FIRST} rejected.`)).toBeTruthy();
    // Done: the box closes and the decision can be changed again from scratch.
    await waitFor(() => expect(item.queryByRole('textbox')).toBeNull());
    expect(item.getByRole('button', { name: `Change the decision on ${FIRST}` })).toBeTruthy();
  });

  it('offers no decision change once the set is finalised', async () => {
    stubSet('approver', 'REJECTED', fullSet('APPROVED', { OTHER: 'REJECTED' }));
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText('Checked')).toBeTruthy();
    expect(item.queryByRole('button', { name: /Change the decision/ })).toBeNull();
    expect(item.queryByRole('textbox')).toBeNull();
  });

  it('shows the refusal and the latest state when the set moved on meanwhile', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('PENDING_APPROVAL', { SHORTFALL_INFUSION_PROOF: 'APPROVED' }),
      {
        [`PUT ${FIRST_FILE}`]: {
          status: 409,
          body: { error: { code: 'FILE_NOT_PENDING', message: 'The review is already final' } },
        },
      },
    );
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.click(item.getByRole('button', { name: `Change the decision on ${FIRST}` }));
    fireEvent.change(item.getByRole('textbox', { name: /New approver remarks/ }), {
      target: { value: 'Wrong year' },
    });
    const reads = () => callsTo(fetchMock, 'GET', '/api/units/UNIT-1/files?perPage=50').length;
    const before = reads();
    fireEvent.click(item.getByRole('button', { name: `Reject ${FIRST}` }));
    expect(await item.findByText(/The review is already final\. The documents below/)).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
