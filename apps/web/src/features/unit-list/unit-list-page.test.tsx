import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckerUnit, Opportunity } from '@portal/domain';
import { renderApp } from '../../test/render';
import {
  callsTo,
  makeUnit,
  sessionAs,
  stubRoutes,
  type Routes,
} from '../documents/document-test-utils';

const byStatus = (status: string, perPage = 10) =>
  `/api/projects/all/units/all/status/${status}/?sort=recentlyUpdatedOnTop&perPage=${perPage}&page=1`;

const listAnswer = (units: CheckerUnit[]) => ({
  status: 200,
  body: {
    units,
    meta: { count: units.length, page: 1, perPage: 10, totalPages: 1, totalRecords: units.length },
  },
});

const ready = makeUnit({ approvalStatus: 'REJECTED', uploadedFiles: 7 });
const notReady = makeUnit({
  key: 'UNIT-2',
  name: 'Flat A-102',
  unit: 'A-102',
  approvalStatus: 'REJECTED',
  uploadedFiles: 6,
});

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

// The screens are lazy chunks; loading them once up front keeps each test's waits short.
beforeAll(async () => {
  await Promise.all([
    import('./unit-list-page'),
    import('../project-units/project-units-page'),
    import('../documents/document-panel'),
  ]);
});

describe('UnitListPage (SPEC §2 unit listing)', () => {
  it('shows a borrower their pending units with the listing columns', async () => {
    const fetchMock = stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('PENDING_APPROVAL')}`]: listAnswer([
        makeUnit({ approvalStatus: 'PENDING_APPROVAL', uploadedFiles: 7, nocType: 'Final' }),
      ]),
      [`GET ${byStatus('PENDING_APPROVAL', 20)}`]: listAnswer([]),
    });
    renderApp('/unitstatus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unit Status' })).toBeTruthy();
    const row = within(await screen.findByRole('table', { name: 'Units' }))
      .getAllByRole('row')
      .at(1)!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '', // nothing to tick while pending
      'Mehta Constructions',
      'Skyline Residency 1',
      'A',
      '1',
      'A-101',
      'Ravi Kumar',
      '₹95,00,000.00',
      '₹88,50,000.00',
      '₹99,25,000.50',
      '₹33,25,000.00',
      'Final',
      'PENDING FOR APPROVAL',
    ]);
    expect(
      within(row).getByRole('button', { name: 'PENDING FOR APPROVAL, documents of Flat A-101' }),
    ).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Items per page' }), {
      target: { value: '20' },
    });
    expect(await screen.findByText('No units pending for approval')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', byStatus('PENDING_APPROVAL', 20))).toHaveLength(1);
  });

  it('enables Submit to checker only with a ticked ready unit and the confirmation', async () => {
    const routes: Routes = {
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: listAnswer([ready, notReady]),
      'POST /api/units/submit': {
        status: 200,
        body: { units: [{ ...ready, approvalStatus: 'PENDING_APPROVAL' }] },
      },
    };
    const fetchMock = stubRoutes(routes);
    renderApp('/unitstatus?status=REJECTED');
    const tick = await screen.findByRole('checkbox', { name: 'Select Flat A-101 to submit' });
    // SPEC §4: only a unit with all 7 documents can go to the checker.
    expect(screen.queryByRole('checkbox', { name: 'Select Flat A-102 to submit' })).toBeNull();
    const bar = within(screen.getByRole('region', { name: 'Submit to checker' }));
    const submit = bar.getByRole('button', { name: 'Submit to checker' });
    const confirm = bar.getByRole('checkbox', { name: 'Please confirm the selection.' });
    expect(disabled(submit)).toBe(true);

    fireEvent.click(tick);
    expect(disabled(submit)).toBe(true);
    fireEvent.click(confirm);
    expect(disabled(submit)).toBe(false);
    fireEvent.click(tick);
    expect(disabled(submit)).toBe(true);
    fireEvent.click(tick);

    routes[`GET ${byStatus('REJECTED')}`] = listAnswer([notReady]);
    fireEvent.click(submit);
    expect(await screen.findByText('Submitted to the checker')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/units/submit')).toEqual([{ keys: ['UNIT-1'] }]);
    // SPEC §4: the list comes back 2000 ms after the submit.
    expect(callsTo(fetchMock, 'GET', byStatus('REJECTED'))).toHaveLength(1);
    await waitFor(
      () =>
        expect(screen.queryByRole('checkbox', { name: 'Select Flat A-101 to submit' })).toBeNull(),
      { timeout: 4000 },
    );
    expect(callsTo(fetchMock, 'GET', byStatus('REJECTED'))).toHaveLength(2);
    expect((confirm as HTMLInputElement).checked).toBe(false);
  }, 10_000); // it outlasts SPEC §4's 2000 ms

  it("shows the server's refusal of a submit", async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      [`GET ${byStatus('REJECTED')}`]: listAnswer([ready]),
      'POST /api/units/submit': {
        status: 409,
        body: {
          error: {
            code: 'NOT_READY_TO_SUBMIT',
            message: 'Unit UNIT-1 needs all 7 documents, each not yet sent or approved',
          },
        },
      },
    });
    renderApp('/unitstatus?status=REJECTED');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Flat A-101 to submit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit to checker' }));
    expect(
      await screen.findByText('Unit UNIT-1 needs all 7 documents, each not yet sent or approved'),
    ).toBeTruthy();
  });

  it('gives staff the NOC Checker without selection, and opens a unit’s documents', async () => {
    stubRoutes({
      'GET /api/auth/session': sessionAs('approver'),
      [`GET ${byStatus('PENDING_APPROVAL')}`]: listAnswer([
        makeUnit({ approvalStatus: 'PENDING_APPROVAL', uploadedFiles: 7 }),
      ]),
    });
    renderApp('/checker');
    expect(await screen.findByRole('heading', { level: 1, name: 'NOC Checker' })).toBeTruthy();
    const action = await screen.findByRole('button', {
      name: 'PENDING FOR APPROVAL, documents of Flat A-101',
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Submit to checker' })).toBeNull();
    fireEvent.click(action);
    const panel = await screen.findByRole('dialog', { name: /Document uploads/ });
    expect(panel.textContent).toContain('Flat A-101');
  });

  it('offers a project’s units by any status, NOT RAISED included', async () => {
    const opportunity: Opportunity = {
      key: 'OPP-1',
      id: 'OPP-1',
      accountId: 'ACC1001',
      accountName: 'Mehta Constructions',
      name: 'Construction Finance Baner 1',
      sanctionAmount: '1',
      peakExposure: '1',
      currentFace: '1',
    };
    stubRoutes({
      'GET /api/auth/session': sessionAs('client'),
      'GET /api/opportunities/OPP-1': { status: 200, body: { opportunity } },
      'GET /api/opportunities/OPP-1/projects': {
        status: 200,
        body: {
          projects: [{ key: 'PRJ-1', name: 'Skyline Residency 1', opportunityKey: 'OPP-1' }],
          meta: { count: 1, page: 1, perPage: 10, totalPages: 1, totalRecords: 1, next: null },
        },
      },
      'GET /api/projects/PRJ-1/units?page=1&perPage=50': listAnswer([
        makeUnit({ uploadedFiles: 7 }),
        makeUnit({ key: 'UNIT-2', name: 'Flat A-102', approvalStatus: 'APPROVED' }),
      ]),
    });
    renderApp('/opportunities/OPP-1/projects/PRJ-1/units');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Skyline Residency 1' }),
    ).toBeTruthy();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'NOT RAISED', 'PENDING FOR APPROVAL', 'APPROVED', 'REJECTED']);
    expect(
      await screen.findByRole('button', { name: 'APPROVED, documents of Flat A-102' }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Flat A-101 to submit' })).toBeTruthy();

    fireEvent.change(status, { target: { value: 'NOT_RAISED' } });
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'APPROVED, documents of Flat A-102' }),
      ).toBeNull(),
    );
    expect(
      screen.getByRole('button', { name: 'NOT RAISED, documents of Flat A-101' }),
    ).toBeTruthy();
  });
});
