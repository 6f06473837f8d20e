import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, makeFile } from './document-test-utils';
import {
  FILES_PATH,
  FIRST,
  FIRST_FILE,
  fullSet,
  isDisabled,
  renderPanel,
  slot,
  slotControl,
  stubSet,
  UNIT_PATH,
} from './panel-test-utils';

/** Picks a rejection reason as a checker does: opens the list, chooses by its plain words. */
function chooseReason(item: ReturnType<typeof within>, label: string) {
  fireEvent.click(item.getByRole('combobox', { name: /Reason for rejection/ }));
  fireEvent.click(screen.getByRole('option', { name: label }));
}

const echoReview = {
  [`PUT ${FIRST_FILE}`]: (body: unknown) => ({
    status: 200,
    body: makeFile('SHORTFALL_INFUSION_PROOF', body as object),
  }),
};

describe('Review part of a slot', () => {
  it('fills the remark with "Verified" in one click, and Approve waits for a remark', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('PENDING_APPROVAL'),
      echoReview,
    );
    renderPanel();
    const item = await slot(FIRST);
    const approve = item.getByRole('button', { name: `Approve ${FIRST}` });
    const remarks = item.getByRole('textbox', { name: 'Approver remarks' });
    expect(isDisabled(approve)).toBe(true);
    fireEvent.click(item.getByRole('button', { name: 'Remarks: Verified' }));
    expect((remarks as HTMLTextAreaElement).value).toBe('Verified');
    fireEvent.click(approve);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([
        { approvalStatus: 'APPROVED', approverRemarks: 'Verified' },
      ]),
    );
  });

  it('lets an approver approve or reject a pending file only with remarks, a rejection with its reason', async () => {
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
    // No reason chosen: the list says so and takes the focus; nothing is sent.
    fireEvent.click(reject);
    const reasons = item.getByRole('combobox', { name: /Reason for rejection/ });
    expect(await item.findByText('Choose the reason for the rejection')).toBeTruthy();
    expect(reasons.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reasons);
    expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([]);

    chooseReason(item, 'The details do not match our records');
    expect(item.queryByText('Choose the reason for the rejection')).toBeNull();
    fireEvent.click(reject);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([
        {
          approvalStatus: 'REJECTED',
          approverRemarks: 'Figures do not match',
          rejectionReason: 'DETAILS_MISMATCH',
        },
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
        rejectionReason: 'DETAILS_MISMATCH',
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
    // The reason in plain words, above the checker's own remarks.
    expect(reason.textContent).toContain(
      'The details do not match our records.Figures do not match',
    );
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
    chooseReason(item, 'The document is not signed');
    fireEvent.click(item.getByRole('button', { name: `Reject ${FIRST}` }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', FIRST_FILE)).toEqual([
        {
          approvalStatus: 'REJECTED',
          approverRemarks: 'Signature missing on page 2',
          rejectionReason: 'UNSIGNED',
        },
      ]),
    );
    expect(await screen.findByText(`${FIRST} rejected.`)).toBeTruthy();
    // Done: the box closes and the decision can be changed again from scratch.
    await waitFor(() => expect(item.queryByRole('textbox')).toBeNull());
    expect(item.getByRole('button', { name: `Change the decision on ${FIRST}` })).toBeTruthy();
  });

  it('shows a decision from its answer, fetching neither the unit nor its files again', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('PENDING_APPROVAL'),
      echoReview,
    );
    const { onChanged } = renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByRole('textbox', { name: 'Approver remarks' }), {
      target: { value: 'Clear scan' },
    });
    fireEvent.click(item.getByRole('button', { name: `Approve ${FIRST}` }));
    expect(await screen.findByText(`${FIRST} approved.`)).toBeTruthy();
    await waitFor(async () => expect((await slotControl(FIRST)).textContent).toContain('APPROVED'));
    // The list behind the panel is told once; the panel itself read its set once only.
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, 'GET', UNIT_PATH)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', `${FILES_PATH}?perPage=50`)).toHaveLength(1);
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
    chooseReason(item, 'The document has expired');
    const reads = () => callsTo(fetchMock, 'GET', '/api/units/UNIT-1/files?perPage=50').length;
    const before = reads();
    fireEvent.click(item.getByRole('button', { name: `Reject ${FIRST}` }));
    expect(await item.findByText(/The review is already final\. The documents below/)).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
