import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Frequency, SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import {
  approver,
  callsTo,
  client,
  frequency,
  listMeta,
  stubRoutes,
  UPDATE_FAILED,
  type Answer,
} from './frequency-test-utils';

// A whole screen of Mantine renders slowly in the test DOM on a busy machine; allow for it.
configure({ asyncUtilTimeout: 10_000 });

const SCREEN = '/accounts/ACC1001/collaterals';
const LIST =
  'GET /api/collaterals/COL-1/frequencies/?page=1&perPage=10&sortColumn=key&sortOrder=topDown';
const ADD = 'POST /api/collaterals/COL-1/frequencies';
const SUBMIT = 'POST /api/frequencies/submit';

/** docs/product.md#statuses's six row-button states, one row each. */
const SIX_STATES: Frequency[] = [
  frequency('F1', { month: 1, uploadedFiles: 3 }),
  frequency('F2', { month: 2, approvalStatus: 'PENDING_APPROVAL', uploadedFiles: 9 }),
  frequency('F3', { month: 3, uploadedFiles: 9, canSubmit: true }),
  frequency('F4', { month: 4, approvalStatus: 'APPROVED', uploadedFiles: 9 }),
  frequency('F5', { month: 5, approvalStatus: 'REJECTED', uploadedFiles: 9, canSubmit: true }),
  frequency('F6', { month: 6, approvalStatus: 'REJECTED', uploadedFiles: 4 }),
];

function stubScreen({
  user = client,
  frequencies = SIX_STATES,
  routes = {},
}: {
  user?: SessionUser;
  frequencies?: Frequency[];
  routes?: Record<string, Answer | ((body: unknown) => Answer)>;
} = {}) {
  return stubRoutes({
    'GET /api/auth/session': { status: 200, body: { user } },
    'GET /api/accounts/ACC1001': {
      status: 200,
      body: {
        account: {
          key: 'ACC1001',
          accountId: 'ACC1001',
          name: 'Mehta Constructions Pvt Ltd',
          email: 'asha.mehta@example.com',
        },
      },
    },
    'GET /api/accounts/ACC1001/collaterals?page=1&perPage=50': {
      status: 200,
      body: {
        collaterals: [
          { key: 'COL-1', accountId: 'ACC1001', collateralName: 'Skyline Tower A receivables' },
          { key: 'COL-2', accountId: 'ACC1001', collateralName: 'Lakeview commercial block' },
        ],
        meta: listMeta(2),
      },
    },
    [LIST]: { status: 200, body: { frequencies, meta: listMeta(frequencies.length) } },
    ...routes,
  });
}

const rowOf = (monthName: string) => screen.getByRole('row', { name: new RegExp(monthName) });

async function openCollateral() {
  const view = renderApp(`${SCREEN}?collateral=COL-1`);
  await screen.findByRole('table', { name: 'Frequencies' });
  // A client's add form loads on its own, beside the list.
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: /Loading the form/ })).toBeNull(),
  );
  return view;
}

function pickMonth(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Month' }));
  fireEvent.click(screen.getByRole('button', { name }));
}

/** A select on the screen's first paint loads its dropdown just after it (components/select.tsx). */
async function chooseOption(field: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: field }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe(
  'FrequenciesPage (docs/product.md#screens collateral frequency screen)',
  { timeout: 30_000 },
  () => {
    beforeEach(() => {
      // 15 Mar 2026 in Kolkata: the month picker's current month. Only Date is faked.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-15T06:00:00Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
      setLanguage('en');
    });

    it('names the account, and shows the form and list once a collateral is chosen', async () => {
      stubScreen();
      const { router } = renderApp(SCREEN);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Mehta Constructions Pvt Ltd' }),
      ).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Add a frequency' })).toBeNull();

      await chooseOption('Select Collateral', 'Skyline Tower A receivables');
      await waitFor(() => expect(router.state.location.search).toBe('?collateral=COL-1'));
      expect(await screen.findByRole('form', { name: 'Add a frequency' })).toBeTruthy();
      expect(await screen.findByRole('table', { name: 'Frequencies' })).toBeTruthy();
    });

    it('shows docs/product.md#statuses’s row button for each state, with the edit icon only when approved', async () => {
      stubScreen();
      await openCollateral();
      const buttonsOf = (month: string) =>
        within(rowOf(month))
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label') ?? button.textContent);
      expect(buttonsOf('January')).toEqual(['Uploaded Files (3)']);
      expect(buttonsOf('February')).toEqual(['Submitted to checker']);
      expect(buttonsOf('March')).toEqual(['Uploaded']);
      expect(buttonsOf('April')).toEqual(['Approved', 'Reopen Monthly, April 2026']);
      expect(buttonsOf('May')).toEqual(['Reupload']);
      expect(buttonsOf('June')).toEqual(['Uploaded files (4)']);
      // Frequency and month by name (docs/product.md#limits).
      expect(within(rowOf('January')).getByText('Monthly')).toBeTruthy();
    });

    it('opens the document panel of the frequency from its row button (docs/product.md#screens)', async () => {
      stubScreen();
      await openCollateral();
      fireEvent.click(within(rowOf('March')).getByRole('button', { name: 'Uploaded' }));
      expect(await screen.findByText('Document uploads')).toBeTruthy();
      expect(screen.getByText('Skyline Tower A receivables: Monthly, March 2026')).toBeTruthy();
    });

    it('opens the frequency the address names, and closing takes it out of the address', async () => {
      stubScreen();
      const { router } = renderApp(`${SCREEN}?collateral=COL-1&frequency=F5`);
      const panel = await screen.findByRole('dialog', { name: /Document uploads/ });
      expect(panel.textContent).toContain('Skyline Tower A receivables: Monthly, May 2026');
      fireEvent.click(within(panel).getAllByRole('button', { name: 'Close' })[0]!);
      await waitFor(() => expect(router.state.location.search).toBe('?collateral=COL-1'));
    });

    it('gives staff the list without the Add form, selection or edit icon (docs/product.md#roles)', async () => {
      stubScreen({ user: approver });
      await openCollateral();
      expect(screen.queryByRole('form', { name: 'Add a frequency' })).toBeNull();
      expect(within(rowOf('April')).getAllByRole('button')).toHaveLength(1);
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Submit to checker' })).toBeNull();
    });

    it('asks for a frequency and a month before adding (docs/product.md#validation)', async () => {
      const fetchMock = stubScreen();
      await openCollateral();
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Frequency is required')).toBeTruthy();
      expect(screen.getByText('Date is required')).toBeTruthy();
      expect(callsTo(fetchMock, ADD)).toHaveLength(0);
    });

    it('offers Monthly and Quarterly and no month after the current one', async () => {
      stubScreen();
      await openCollateral();
      fireEvent.click(screen.getByRole('combobox', { name: 'Frequency' }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Monthly',
        'Quarterly',
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Month' }));
      expect(screen.getByRole('button', { name: 'March 2026' })).toHaveProperty('disabled', false);
      expect(screen.getByRole('button', { name: 'April 2026' })).toHaveProperty('disabled', true);
    });

    it('adds a frequency with its code, month and year', async () => {
      const fetchMock = stubScreen({
        routes: {
          [ADD]: (body) => ({
            status: 201,
            body: { frequency: frequency('F9', body as Partial<Frequency>) },
          }),
        },
      });
      await openCollateral();
      await chooseOption('Frequency', 'Quarterly');
      pickMonth('February 2026');
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Frequency added')).toBeTruthy();
      const [[, init]] = callsTo(fetchMock, ADD) as [[unknown, RequestInit]];
      expect(JSON.parse(String(init.body))).toEqual({ frequency: 3, month: 2, year: 2026 });
    });

    it('shows the duplicate popup; closing it clears the error and reloads the list (docs/product.md#errors)', async () => {
      const fetchMock = stubScreen({
        routes: {
          [ADD]: {
            status: 409,
            body: {
              error: {
                code: 'DUPLICATE_FREQUENCY',
                message: 'Similar monitoring frequency already exists',
              },
            },
          },
        },
      });
      await openCollateral();
      await chooseOption('Frequency', 'Monthly');
      pickMonth('January 2026');
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));

      const popup = await screen.findByRole('dialog');
      expect(popup.textContent).toContain('Similar monitoring frequency already exists');
      const listReads = callsTo(fetchMock, LIST).length;
      fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(callsTo(fetchMock, LIST).length).toBeGreaterThan(listReads));
    });

    it('says the server could not be updated when adding meets a 503 (docs/product.md#errors)', async () => {
      stubScreen({ routes: { [ADD]: UPDATE_FAILED } });
      const { router } = await openCollateral();
      await chooseOption('Frequency', 'Monthly');
      pickMonth('January 2026');
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
      const popup = await screen.findByRole('dialog');
      expect(popup.textContent).toContain(
        'Sorry, something went wrong, we were unable to update data on server. Please try again',
      );
      expect(router.state.location.pathname).toBe(SCREEN);
    });

    describe('the submit bar (docs/product.md#screens, #validation)', () => {
      it('offers a checkbox only on the rows the API marks ready', async () => {
        stubScreen({
          frequencies: [
            ...SIX_STATES,
            // Rejected with nine files, one of them still rejected: the count says ready, the rule not.
            frequency('F7', { month: 7, approvalStatus: 'REJECTED', uploadedFiles: 9 }),
          ],
        });
        await openCollateral();
        expect(
          screen
            .getAllByRole('checkbox', { name: /^Select / })
            .map((c) => c.getAttribute('aria-label')),
        ).toEqual(['Select Monthly, March 2026', 'Select Monthly, May 2026']);
      });

      it('is enabled only once the selection is confirmed and a row is chosen', async () => {
        stubScreen();
        await openCollateral();
        const submit = screen.getByRole('button', { name: 'Submit to checker' });
        expect(submit).toHaveProperty('disabled', true);
        fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
        expect(submit).toHaveProperty('disabled', true);
        fireEvent.click(screen.getByRole('checkbox', { name: 'Select Monthly, March 2026' }));
        expect(submit).toHaveProperty('disabled', false);
        fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
        expect(submit).toHaveProperty('disabled', true);
      });

      it('is not shown when no frequency is ready', async () => {
        stubScreen({ frequencies: [SIX_STATES[0]!, SIX_STATES[1]!] });
        await openCollateral();
        expect(screen.queryByRole('button', { name: 'Submit to checker' })).toBeNull();
      });

      it('submits the chosen keys and goes to Collateral Status (docs/product.md#statuses)', async () => {
        const fetchMock = stubScreen({
          routes: {
            [SUBMIT]: {
              status: 200,
              body: { frequencies: [{ ...SIX_STATES[2]!, approvalStatus: 'PENDING_APPROVAL' }] },
            },
          },
        });
        const { router } = await openCollateral();
        fireEvent.click(screen.getByRole('checkbox', { name: 'Select Monthly, March 2026' }));
        fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
        fireEvent.click(screen.getByRole('button', { name: 'Submit to checker' }));
        await waitFor(() => expect(router.state.location.pathname).toBe('/collateralstatus'));
        // On the status the submitted frequency now has, told how many went.
        expect(router.state.location.search).toBe('?status=PENDING_APPROVAL');
        expect(
          await screen.findByText(
            '1 frequency was submitted to the checker. It is listed below, pending for approval.',
          ),
        ).toBeTruthy();
        const [[, init]] = callsTo(fetchMock, SUBMIT) as [[unknown, RequestInit]];
        expect(JSON.parse(String(init.body))).toEqual({ keys: ['F3'] });
      });

      it('stays on the screen with the 503 popup when the server cannot be updated', async () => {
        stubScreen({ routes: { [SUBMIT]: UPDATE_FAILED } });
        const { router } = await openCollateral();
        fireEvent.click(screen.getByRole('checkbox', { name: 'Select Monthly, May 2026' }));
        fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
        fireEvent.click(screen.getByRole('button', { name: 'Submit to checker' }));
        const popup = await screen.findByRole('dialog');
        expect(popup.textContent).toContain('we were unable to update data on server');
        fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(router.state.location.pathname).toBe(SCREEN);
      });
    });

    it('reopens an approved frequency after confirmation (docs/product.md#statuses edit icon)', async () => {
      const reopened = { ...SIX_STATES[3]!, approvalStatus: 'NOT_RAISED' as const };
      const fetchMock = stubScreen({
        routes: {
          'PUT /api/collaterals/COL-1/frequencies/F4': {
            status: 200,
            body: { frequency: reopened },
          },
        },
      });
      await openCollateral();
      fireEvent.click(screen.getByRole('button', { name: 'Reopen Monthly, April 2026' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reopen this frequency?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
      expect(await screen.findByText('Frequency reopened')).toBeTruthy();
      const [[, init]] = callsTo(fetchMock, 'PUT /api/collaterals/COL-1/frequencies/F4') as [
        [unknown, RequestInit],
      ];
      expect(JSON.parse(String(init.body))).toEqual({ approvalStatus: 'NOT_RAISED', version: 3 });
    });

    it('keeps sort, page size and order in the URL and asks the API for them', async () => {
      const fetchMock = stubScreen();
      const { router } = await openCollateral();
      await chooseOption('Order', 'Descending');
      await waitFor(() =>
        expect(router.state.location.search).toBe(
          '?collateral=COL-1&page=1&perPage=10&sortColumn=key&sortOrder=bottomUp',
        ),
      );
      await waitFor(() =>
        expect(
          callsTo(
            fetchMock,
            'GET /api/collaterals/COL-1/frequencies/?page=1&perPage=10&sortColumn=key&sortOrder=bottomUp',
          ),
        ).toHaveLength(1),
      );
    });

    it('says the account is not found, with a way home, for another borrower’s id', async () => {
      stubScreen({
        routes: {
          'GET /api/accounts/ACC1001': {
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: 'No such account' } },
          },
        },
      });
      renderApp(SCREEN);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Account not found' }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
        '/opportunities',
      );
    });

    it('reads in Hindi when Hindi is chosen', async () => {
      setLanguage('hi');
      stubScreen();
      renderApp(`${SCREEN}?collateral=COL-1`);
      const table = await screen.findByRole('table', { name: 'फ़्रीक्वेंसी' });
      expect(within(table).getByRole('columnheader', { name: 'महीना' })).toBeTruthy();
      expect(screen.getByText('क्रेडिट मॉनिटरिंग डेटा अपलोड करें')).toBeTruthy();
      expect(await screen.findByRole('form', { name: 'फ़्रीक्वेंसी जोड़ें' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'जोड़ें' })).toBeTruthy();
    });
  },
);
