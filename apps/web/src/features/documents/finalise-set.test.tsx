import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo } from './document-test-utils';
import { fullSet, isDisabled, renderPanel, stubSet, unitAnswer } from './panel-test-utils';

// Four-eyes NOC release (NOC_TWO_APPROVERS) in the unit's final review.

const UNIT_PATH = '/api/projects/PRJ-1/units/UNIT-1';
const TWO = { approvalsRequired: 2, firstApproval: null };
const firstApprovalBy = (username: string) => ({
  approvalsRequired: 2,
  firstApproval: { by: { username, name: 'Priya Shah' }, at: '2026-11-22T08:35:00.000Z' },
});

function stubUnit(
  role: 'approver' | 'admin',
  release: typeof TWO | ReturnType<typeof firstApprovalBy>,
  extra = {},
) {
  const { routes, fetchMock } = stubSet(role, 'PENDING_APPROVAL', fullSet('APPROVED'), extra);
  routes[`GET ${UNIT_PATH}`] = unitAnswer('PENDING_APPROVAL', 4, release);
  return { routes, fetchMock };
}

describe('four-eyes NOC release', () => {
  it('offers the first of two approvals, which keeps the panel open and the unit pending', async () => {
    const { routes, fetchMock } = stubUnit('approver', TWO, {
      [`PUT ${UNIT_PATH}`]: unitAnswer('PENDING_APPROVAL', 5, firstApprovalBy('approver1')),
    });
    const { onClose, onChanged } = renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'Final review' }));
    routes[`GET ${UNIT_PATH}`] = unitAnswer('PENDING_APPROVAL', 5, firstApprovalBy('approver1'));
    fireEvent.click(bar.getByRole('button', { name: 'Approve NOC (first of two approvals)' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Approve the NOC/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PUT', UNIT_PATH)).toEqual([
      { approvalStatus: 'APPROVED', version: 4 },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    // Now the first approver sees the second step, closed to them.
    expect(await screen.findByText(/You gave the first approval/)).toBeTruthy();
  });

  it('shows the first approver why they can neither confirm nor send back', async () => {
    stubUnit('approver', firstApprovalBy('approver1'));
    renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'Final review' }));
    expect(bar.getByText(/First approved by/).textContent).toMatch(
      /First approved by Priya Shah on 22 Nov 2026/,
    );
    const confirm = bar.getByRole('button', { name: 'Confirm approval' });
    const sendBack = bar.getByRole('button', { name: 'Send back' });
    expect(isDisabled(confirm) && isDisabled(sendBack)).toBe(true);
    const reason = document.getElementById(confirm.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toMatch(/a different approver must confirm it or send it back/);
  });

  it('lets a different approver confirm: the unit is APPROVED and the panel closes', async () => {
    const { fetchMock } = stubUnit('admin', firstApprovalBy('approver1'), {
      [`PUT ${UNIT_PATH}`]: unitAnswer('APPROVED', 5, TWO),
    });
    const { onClose } = renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'Final review' }));
    fireEvent.click(bar.getByRole('button', { name: 'Confirm approval' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Confirm the approval/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm approval' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PUT', UNIT_PATH)).toEqual([
      { approvalStatus: 'APPROVED', version: 4 },
    ]);
  });

  it('lets a different approver send it back, and says why when that is refused', async () => {
    const { fetchMock } = stubUnit('admin', firstApprovalBy('approver1'), {
      [`POST ${UNIT_PATH}/send-back`]: {
        status: 409,
        body: { error: { code: 'STALE_VERSION', message: 'This was changed by someone else' } },
      },
    });
    renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'Final review' }));
    fireEvent.click(bar.getByRole('button', { name: 'Send back' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Send Flat A-101 back/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send back' }));
    expect(
      await bar.findByText(/This was changed by someone else\. The documents below/),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${UNIT_PATH}/send-back`)).toEqual([{ version: 4 }]);
  });

  it('a rejection takes one approver even with four-eyes release on', async () => {
    const { routes } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('APPROVED', { OTHER: 'REJECTED' }),
    );
    routes[`GET ${UNIT_PATH}`] = unitAnswer('PENDING_APPROVAL', 4, TWO);
    renderPanel();
    const bar = within(await screen.findByRole('region', { name: 'Final review' }));
    expect(bar.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(bar.queryByRole('button', { name: /first of two/ })).toBeNull();
  });
});
