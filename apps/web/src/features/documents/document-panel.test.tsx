import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BORROWER_PROMPT, STAFF_PROMPT } from './document-panel';
import { frequencySetRef } from './document-set-ref';
import { callsTo, listAnswer, makeFile } from './document-test-utils';
import {
  FIRST,
  fullSet,
  HISTORY,
  renderPanel,
  REVOKED_EVENT,
  slot,
  slotControl,
  stubSet,
  unitAnswer,
  UNIT,
} from './panel-test-utils';

const PUT_UNIT = 'PUT /api/projects/PRJ-1/units/UNIT-1';
const expanded = async (label: string) =>
  (await slotControl(label)).getAttribute('aria-expanded') === 'true';

describe('DocumentPanel (docs/product.md#screens document side panel)', () => {
  it('lists the seven unit slots in order, each with its status in words', async () => {
    stubSet('client', 'NOT_RAISED', [makeFile('CUSTOMER_LEDGER')]);
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: /Document uploads/ });
    expect(dialog.textContent).toContain('Flat A-101');
    expect(await screen.findByText(BORROWER_PROMPT)).toBeTruthy();
    const controls = await screen.findAllByRole('button', { name: /NO FILE|NOT RAISED/ });
    const names = controls.map((button) =>
      button.textContent?.replace(/(Uploaded)?(NO FILE|NOT RAISED)$/, ''),
    );
    // The filled slot says the borrower's part is done.
    expect(controls.map((button) => button.textContent?.includes('Uploaded'))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(names).toEqual([
      FIRST,
      'NOC Request Final',
      'Kyc Co-Applicant',
      'Customer Ledger',
      'KYC Applicant',
      'ATS/BBA',
      'Other',
    ]);
  });

  it("opens on a borrower's first rejected slot", async () => {
    stubSet('client', 'REJECTED', fullSet('APPROVED', { KYC_APPLICANT: 'REJECTED' }));
    renderPanel();
    await waitFor(async () => expect(await expanded('KYC Applicant')).toBe(true));
    expect(await expanded(FIRST)).toBe(false);
  });

  it("opens on a borrower's first empty slot", async () => {
    stubSet('client', 'NOT_RAISED', [makeFile('SHORTFALL_INFUSION_PROOF')]);
    renderPanel();
    await waitFor(async () => expect(await expanded('NOC Request Final')).toBe(true));
  });

  it("opens on a checker's first file awaiting a decision", async () => {
    stubSet('approver', 'PENDING_APPROVAL', fullSet('APPROVED', { ATS_BBA: 'PENDING_APPROVAL' }));
    renderPanel();
    await waitFor(async () => expect(await expanded('ATS/BBA')).toBe(true));
  });

  it('opens on the first slot when nothing needs the user', async () => {
    stubSet('viewer', 'PENDING_APPROVAL', fullSet('PENDING_APPROVAL'));
    renderPanel();
    expect(await screen.findByText(STAFF_PROMPT)).toBeTruthy();
    await waitFor(async () => expect(await expanded(FIRST)).toBe(true));
  });

  it('takes the whole screen on a phone', async () => {
    // Every media query matches, as below 48em; the shared setup restores matchMedia after.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: true,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubSet('client', 'NOT_RAISED', []);
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: /Document uploads/ });
    const root = dialog.closest<HTMLElement>('.mantine-Drawer-root');
    expect(root?.style.getPropertyValue('--drawer-size')).toBe('100%');
  });

  describe('submit to the checker from the panel', () => {
    it('is offered once the set is ready, needs the confirm tick, then stays and offers the next', async () => {
      const { routes, fetchMock } = stubSet(
        'client',
        'REJECTED',
        fullSet('APPROVED', {
          OTHER: 'NOT_RAISED',
        }),
        {
          [PUT_UNIT]: () => {
            routes[UNIT] = unitAnswer('PENDING_APPROVAL', 5);
            routes['GET /api/units/UNIT-1/files?perPage=50'] = listAnswer(
              fullSet('APPROVED', { OTHER: 'PENDING_APPROVAL' }),
            );
            return unitAnswer('PENDING_APPROVAL', 5);
          },
        },
      );
      const openNext = vi.fn();
      const { onClose, onChanged } = renderPanel({
        next: { label: 'Flat B-202', open: openNext },
      });
      const bar = within(await screen.findByRole('region', { name: 'Submit to checker' }));
      const submit = bar.getByRole('button', { name: 'Submit to checker' });
      expect(submit).toHaveProperty('disabled', true);
      fireEvent.click(bar.getByRole('checkbox', { name: 'Please confirm the selection.' }));
      expect(submit).toHaveProperty('disabled', false);
      fireEvent.click(submit);

      const note = await screen.findByRole('alert', { name: /Submitted to the checker/ });
      expect(note.textContent).toContain('Flat A-101 is now PENDING FOR APPROVAL');
      // The pressed button is gone; the note holds the focus, with the next item in reach.
      await waitFor(() => expect(document.activeElement).toBe(note));
      expect(callsTo(fetchMock, 'PUT', '/api/projects/PRJ-1/units/UNIT-1')).toEqual([
        { approvalStatus: 'PENDING_APPROVAL', version: 4 },
      ]);
      await waitFor(() => expect(onChanged).toHaveBeenCalled());
      const status = await screen.findByText('Status:');
      await waitFor(() =>
        expect(status.parentElement?.textContent).toContain('PENDING FOR APPROVAL'),
      );
      expect(onClose).not.toHaveBeenCalled();
      fireEvent.click(within(note).getByRole('button', { name: 'Next: Flat B-202' }));
      expect(openNext).toHaveBeenCalled();
    });

    it('is not offered while a document is rejected or the set is with the checker', async () => {
      stubSet('client', 'REJECTED', fullSet('APPROVED', { OTHER: 'REJECTED' }));
      renderPanel();
      await slot('Other');
      expect(screen.queryByRole('region', { name: 'Submit to checker' })).toBeNull();
    });

    it('says why a submit was refused', async () => {
      stubSet('client', 'NOT_RAISED', fullSet('NOT_RAISED'), {
        [PUT_UNIT]: {
          status: 409,
          body: { error: { code: 'STALE_VERSION', message: 'The unit changed meanwhile' } },
        },
      });
      renderPanel();
      const bar = within(await screen.findByRole('region', { name: 'Submit to checker' }));
      fireEvent.click(bar.getByRole('checkbox', { name: 'Please confirm the selection.' }));
      fireEvent.click(bar.getByRole('button', { name: 'Submit to checker' }));
      expect(await bar.findByText(/The unit changed meanwhile\. The documents below/)).toBeTruthy();
    });
  });

  describe("the checker's final Submit", () => {
    it('is shown only once every document is reviewed', async () => {
      stubSet('approver', 'PENDING_APPROVAL', fullSet('APPROVED', { OTHER: 'PENDING_APPROVAL' }));
      renderPanel();
      await slot(FIRST);
      expect(screen.queryByRole('region', { name: 'Final review' })).toBeNull();
    });

    it('confirms with the computed outcome, then finalises and closes', async () => {
      const { fetchMock } = stubSet(
        'approver',
        'PENDING_APPROVAL',
        fullSet('APPROVED', { KYC_APPLICANT: 'REJECTED' }),
        { [PUT_UNIT]: unitAnswer('REJECTED', 5) },
      );
      const { onClose, onChanged } = renderPanel();
      const bar = within(await screen.findByRole('region', { name: 'Final review' }));
      expect(bar.getByText(/Submitting makes this unit/).textContent).toContain('REJECTED');
      fireEvent.click(bar.getByRole('button', { name: 'Submit' }));

      const confirm = within(await screen.findByRole('dialog', { name: /Submit the review/ }));
      expect(confirm.getByText(/This unit will be REJECTED: 1 document rejected/)).toBeTruthy();
      expect(callsTo(fetchMock, 'PUT', '/api/projects/PRJ-1/units/UNIT-1')).toEqual([]);
      fireEvent.click(confirm.getByRole('button', { name: 'Submit' }));

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(onChanged).toHaveBeenCalled();
      expect(callsTo(fetchMock, 'PUT', '/api/projects/PRJ-1/units/UNIT-1')).toEqual([
        { approvalStatus: 'REJECTED', version: 4 },
      ]);
    });

    it('finalises nothing when the confirmation is dismissed with Escape', async () => {
      const { fetchMock } = stubSet('admin', 'PENDING_APPROVAL', fullSet('APPROVED'));
      renderPanel();
      const bar = within(await screen.findByRole('region', { name: 'Final review' }));
      fireEvent.click(bar.getByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('dialog', { name: /Submit the review/ });
      expect(
        within(dialog).getByText(/This unit will be APPROVED: all 7 documents approved/),
      ).toBeTruthy();
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: /Submit the review/ })).toBeNull(),
      );
      expect(callsTo(fetchMock, 'PUT', '/api/projects/PRJ-1/units/UNIT-1')).toEqual([]);
    });

    it('stays open after finalising when there is a next item, and offers it', async () => {
      // The unit's GET keeps answering PENDING_APPROVAL: what the panel shows is the PUT's answer.
      const { fetchMock } = stubSet('approver', 'PENDING_APPROVAL', fullSet('APPROVED'), {
        [PUT_UNIT]: unitAnswer('APPROVED', 5),
      });
      const openNext = vi.fn();
      const { onClose } = renderPanel({ next: { label: 'Flat C-303', open: openNext } });
      const bar = within(await screen.findByRole('region', { name: 'Final review' }));
      fireEvent.click(bar.getByRole('button', { name: 'Submit' }));
      const confirm = within(await screen.findByRole('dialog', { name: /Submit the review/ }));
      fireEvent.click(confirm.getByRole('button', { name: 'Submit' }));
      const note = await screen.findByRole('alert', { name: /Review submitted/ });
      expect(note.textContent).toContain('Flat A-101 is now APPROVED');
      const status = await screen.findByText('Status:');
      await waitFor(() => expect(status.parentElement?.textContent).toContain('APPROVED'));
      expect(callsTo(fetchMock, 'GET', '/api/projects/PRJ-1/units/UNIT-1')).toHaveLength(1);
      expect(callsTo(fetchMock, 'GET', '/api/units/UNIT-1/files?perPage=50')).toHaveLength(1);
      fireEvent.click(within(note).getByRole('button', { name: 'Next: Flat C-303' }));
      expect(openNext).toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
    });

    it('is never shown to a borrower', async () => {
      stubSet('client', 'PENDING_APPROVAL', fullSet('APPROVED'));
      renderPanel();
      await slot(FIRST);
      expect(screen.queryByRole('region', { name: 'Final review' })).toBeNull();
    });
  });

  it('shows a viewer everything but no action', async () => {
    stubSet('viewer', 'PENDING_APPROVAL', fullSet('PENDING_APPROVAL'));
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByText('shortfall_infusion_proof.pdf')).toBeTruthy();
    expect(item.getByText('None yet.')).toBeTruthy();
    expect(item.queryByRole('textbox')).toBeNull();
    expect(item.queryByRole('button', { name: `Approve ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: /Change/ })).toBeNull();
  });

  it('shows who did what and when in the history, collapsed at first', async () => {
    const { fetchMock } = stubSet('approver', 'REJECTED', fullSet('APPROVED'), {
      [HISTORY]: {
        status: 200,
        body: {
          events: [
            {
              id: '1',
              at: '2026-03-15T06:00:00.000Z',
              actor: { username: 'ACC1001', role: 'client' },
              action: 'unit.submitted',
              before: { approvalStatus: 'NOT_RAISED' },
              after: { approvalStatus: 'PENDING_APPROVAL' },
            },
            {
              id: '2',
              at: '2026-03-16T09:30:00.000Z',
              actor: { username: 'priya', role: 'approver' },
              action: 'file.reviewed',
              before: null,
              after: {
                file: makeFile('KYC_APPLICANT', {
                  approvalStatus: 'REJECTED',
                  approverRemarks: 'Blurred scan',
                }).file,
              },
            },
            REVOKED_EVENT,
          ],
        },
      },
    });
    renderPanel();
    const history = await screen.findByRole('button', { name: 'History' });
    expect(history.getAttribute('aria-expanded')).toBe('false');
    expect(callsTo(fetchMock, 'GET', '/api/projects/PRJ-1/units/UNIT-1/history')).toEqual([]);
    fireEvent.click(history);
    const timeline = within(await screen.findByRole('region', { name: 'History' }));
    expect(await timeline.findByText('Submitted to the checker')).toBeTruthy();
    expect(timeline.getByText('Rejected KYC Applicant: “Blurred scan”')).toBeTruthy();
    expect(timeline.getByText(/ACC1001 \(borrower\)/).textContent).toContain('15 Mar 2026, 11:30');
    expect(timeline.getByText(/priya \(approver\)/).textContent).toContain('16 Mar 2026, 15:00');
    expect(
      timeline.getByText(
        'Revoked NOC letter NOC-7K2M-9QXP-4RTB-1VWC: “Issued against the wrong buyer”',
      ),
    ).toBeTruthy();
    expect(timeline.getByText(/asha \(admin\)/).textContent).toContain('20 Mar 2026, 10:15');
  });
});

describe('frequencySetRef', () => {
  it('names the nine collateral slots and the frequency paths', () => {
    const frequency = frequencySetRef(
      { key: 'FRQ-1', collateralKey: 'COL-1', frequency: 3, month: 6, year: 2025 },
      'Lakeview block',
    );
    expect(frequency).toMatchObject({
      kind: 'frequency',
      title: 'Lakeview block: Quarterly, June 2025',
      basePath: '/api/collaterals/COL-1/frequencies/FRQ-1',
      historyPath: '/api/collaterals/COL-1/frequencies/FRQ-1/history',
      filesPath: '/api/frequencies/FRQ-1/files',
    });
    expect(frequency.slots).toHaveLength(9);
    expect(frequency.slots[0]).toEqual({ fileType: 'SALES_MIS', label: 'Sales MIS' });
  });
});
