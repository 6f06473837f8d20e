import { afterEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate, type CheckerFrequency, type SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import {
  approver,
  callsTo,
  checkerFrequency,
  client,
  frequency,
  listMeta,
  stubRoutes,
  UPDATE_FAILED,
  type Answer,
} from '../frequencies/frequency-test-utils';

// A whole screen of Mantine renders slowly in the test DOM on a busy machine; allow for it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => setLanguage('en'));

const listPath = (status: string, { sort = 'recentlyUpdatedOnTop', search = '' } = {}) =>
  `GET /api/collaterals/all/frequencies/all/status/${status}/?sort=${sort}&perPage=10&page=1${search ? `&search=${search}` : ''}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS - 60_000).toISOString();
const SUBMIT = 'POST /api/frequencies/submit';

function stubList(
  user: SessionUser,
  lists: Partial<Record<string, CheckerFrequency[]>>,
  routes: Record<string, Answer> = {},
) {
  const answers: Record<string, Answer> = {};
  for (const [status, rows = []] of Object.entries(lists)) {
    answers[listPath(status)] = {
      status: 200,
      body: { monitoringFrequencies: rows, meta: listMeta(rows.length) },
    };
  }
  return stubRoutes({
    'GET /api/auth/session': { status: 200, body: { user } },
    ...answers,
    ...routes,
  });
}

const table = () => screen.findByRole('table', { name: 'Frequencies' });

describe(
  'CollateralListPage (docs/product.md#screens collateral checker / status)',
  { timeout: 30_000 },
  () => {
    it('is the Collateral Checker for staff, pending first, with the status on each row', async () => {
      stubList(approver, {
        PENDING_APPROVAL: [
          checkerFrequency('F1', {
            approvalStatus: 'PENDING_APPROVAL',
            uploadedFiles: 9,
            submittedAt: twoDaysAgo,
          }),
        ],
      });
      renderApp('/collateralchecker');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Collateral Checker' }),
      ).toBeTruthy();
      const row = within(await table()).getAllByRole('row')[1]!;
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        'Skyline Residency — Tower A receivables',
        'Mehta Constructions Pvt LtdACC1001',
        'Monthly',
        'January',
        '2026',
        formatDate(twoDaysAgo),
        '2 days',
        'PENDING FOR APPROVAL',
      ]);
      // The label fits: the button never shrinks below it.
      expect(
        within(row).getByRole('button', { name: /^PENDING FOR APPROVAL, documents of/ }).style
          .minWidth,
      ).toBe('max-content');
      expect(screen.queryByRole('button', { name: 'Submit to checker' })).toBeNull();
    });

    it.each([
      ['APPROVED', 'APPROVED'],
      ['REJECTED', 'REJECTED'],
    ] as const)(
      'labels a %s frequency with the status itself (docs/product.md#statuses)',
      async (status, label) => {
        stubList(approver, {
          [status]: [checkerFrequency('F1', { approvalStatus: status, uploadedFiles: 9 })],
        });
        renderApp(`/collateralchecker?status=${status}`);
        expect(within(await table()).getByText(label, { selector: 'button *' })).toBeTruthy();
      },
    );

    it('filters by status, All included, through the address and the API', async () => {
      const fetchMock = stubList(approver, { PENDING_APPROVAL: [], APPROVED: [], ALL: [] });
      const { router } = renderApp('/collateralchecker');
      expect(await screen.findByText('No frequencies are PENDING FOR APPROVAL')).toBeTruthy();
      fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'PENDING FOR APPROVAL',
        'APPROVED',
        'REJECTED',
        'All',
      ]);
      fireEvent.click(screen.getByRole('option', { name: 'APPROVED' }));
      await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED'));
      expect(await screen.findByText('No frequencies are APPROVED')).toBeTruthy();
      expect(callsTo(fetchMock, listPath('APPROVED')).length).toBeGreaterThan(0);

      fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      fireEvent.click(screen.getByRole('option', { name: 'All' }));
      expect(await screen.findByText('No frequencies yet')).toBeTruthy();
      expect(router.state.location.search).toBe('?status=ALL');
      expect(callsTo(fetchMock, listPath('ALL'))).toHaveLength(1);
    });

    it('says where the frequencies are when the chosen status has none, each a link that sets the filter', async () => {
      stubList(approver, {
        PENDING_APPROVAL: [],
        APPROVED: [
          checkerFrequency('F1', { approvalStatus: 'APPROVED' }),
          checkerFrequency('F2', { approvalStatus: 'APPROVED', month: 2 }),
        ],
        REJECTED: [],
      });
      const { router } = renderApp('/collateralchecker');
      expect(await screen.findByText('No frequencies are PENDING FOR APPROVAL')).toBeTruthy();
      expect(await screen.findByText('Other frequencies:')).toBeTruthy();
      // Only the statuses that hold something are offered.
      expect(screen.queryByRole('button', { name: /^REJECTED/ })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'APPROVED (2)' }));
      await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED'));
      expect(within(await table()).getAllByRole('row')).toHaveLength(3);
    });

    it('searches by account or collateral after a pause in typing, keeping it in the address', async () => {
      const fetchMock = stubList(
        approver,
        {
          PENDING_APPROVAL: [checkerFrequency('F1', { approvalStatus: 'PENDING_APPROVAL' })],
        },
        {
          [listPath('PENDING_APPROVAL', { search: 'mehta' })]: {
            status: 200,
            body: { monitoringFrequencies: [], meta: listMeta(0) },
          },
        },
      );
      const { router } = renderApp('/collateralchecker');
      await table();
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search by account or collateral' }), {
        target: { value: 'mehta' },
      });
      expect(await screen.findByText('No frequencies match “mehta”')).toBeTruthy();
      expect(router.state.location.search).toBe('?search=mehta');
      expect(callsTo(fetchMock, listPath('PENDING_APPROVAL', { search: 'mehta' }))).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(await table()).toBeTruthy();
      expect(router.state.location.search).toBe('');
    });

    it('opens the frequency a link names, reading it when it is not on the page', async () => {
      stubList(
        client,
        { REJECTED: [] },
        {
          'GET /api/collaterals/COL-1/frequencies/F7': {
            status: 200,
            body: { frequency: frequency('F7', { approvalStatus: 'REJECTED', month: 3 }) },
          },
          'GET /api/accounts/ACC1001/collaterals/COL-1': {
            status: 200,
            body: {
              collateral: {
                key: 'COL-1',
                accountId: 'ACC1001',
                collateralName: 'Lakeview receivables',
              },
            },
          },
        },
      );
      renderApp('/collateralstatus?status=REJECTED&collateral=COL-1&frequency=F7');
      const panel = await screen.findByRole('dialog', { name: /Document uploads/ });
      expect(panel.textContent).toContain('Lakeview receivables: Monthly, March 2026');
    });

    it('is Collateral Status for a borrower, who may select only the rows the API marks ready', async () => {
      stubList(client, {
        REJECTED: [
          checkerFrequency('F1', {
            approvalStatus: 'REJECTED',
            uploadedFiles: 9,
            month: 1,
            canSubmit: true,
          }),
          // Nine files, one of them still rejected: not ready, whatever the count says.
          checkerFrequency('F2', { approvalStatus: 'REJECTED', uploadedFiles: 9, month: 2 }),
        ],
      });
      renderApp('/collateralstatus?status=REJECTED');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Collateral Status' }),
      ).toBeTruthy();
      const rows = await table();
      expect(
        screen
          .getAllByRole('checkbox', { name: /^Select / })
          .map((checkbox) => checkbox.getAttribute('aria-label')),
      ).toEqual(['Select Skyline Residency — Tower A receivables, Monthly, January 2026']);
      // A borrower sees only their own rows; the account name would say nothing.
      expect(within(rows).queryByText('Mehta Constructions Pvt Ltd')).toBeNull();
    });

    it('resubmits the chosen fixed rows once confirmed, then says so and reloads', async () => {
      const fixed = checkerFrequency('F1', {
        approvalStatus: 'REJECTED',
        uploadedFiles: 9,
        canSubmit: true,
      });
      const fetchMock = stubList(
        client,
        { REJECTED: [fixed], PENDING_APPROVAL: [{ ...fixed, approvalStatus: 'PENDING_APPROVAL' }] },
        {
          [SUBMIT]: {
            status: 200,
            body: { frequencies: [{ ...fixed, approvalStatus: 'PENDING_APPROVAL' }] },
          },
        },
      );
      const { router } = renderApp('/collateralstatus?status=REJECTED&sort=recentlyUpdatedOnTop');
      await table();
      const submit = screen.getByRole('button', { name: 'Submit to checker' });
      fireEvent.click(screen.getByRole('checkbox', { name: /^Select Skyline/ }));
      expect(submit).toHaveProperty('disabled', true);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
      expect(submit).toHaveProperty('disabled', false);
      fireEvent.click(submit);

      expect(await screen.findByText('Submitted to the checker')).toBeTruthy();
      expect(
        screen.getByText(
          'Skyline Residency — Tower A receivables · Monthly, January 2026 is awaiting approval again.',
        ),
      ).toBeTruthy();
      const [[, init]] = callsTo(fetchMock, SUBMIT) as [[unknown, RequestInit]];
      expect(JSON.parse(String(init.body))).toEqual({ keys: ['F1'] });
      // It lands where the submitted rows now are, keeping the sort, and says how many went.
      await waitFor(() =>
        expect(router.state.location.search).toBe(
          '?status=PENDING_APPROVAL&sort=recentlyUpdatedOnTop',
        ),
      );
      expect(
        await screen.findByText(
          '1 frequency was submitted to the checker. It is listed below, pending for approval.',
        ),
      ).toBeTruthy();
      expect(
        within(await table()).getByText('PENDING FOR APPROVAL', { selector: 'button *' }),
      ).toBeTruthy();
    });

    it('shows the 503 popup when the resubmission cannot reach the server (docs/product.md#errors)', async () => {
      const fixed = checkerFrequency('F1', {
        approvalStatus: 'REJECTED',
        uploadedFiles: 9,
        canSubmit: true,
      });
      stubList(client, { REJECTED: [fixed] }, { [SUBMIT]: UPDATE_FAILED });
      renderApp('/collateralstatus?status=REJECTED');
      await table();
      fireEvent.click(screen.getByRole('checkbox', { name: /^Select Skyline/ }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Please confirm the selection.' }));
      fireEvent.click(screen.getByRole('button', { name: 'Submit to checker' }));
      const popup = await screen.findByRole('dialog');
      expect(popup.textContent).toContain(
        'Sorry, something went wrong, we were unable to update data on server. Please try again',
      );
    });

    it('opens the document panel from the status button', async () => {
      stubList(approver, {
        PENDING_APPROVAL: [
          checkerFrequency('F1', { approvalStatus: 'PENDING_APPROVAL', uploadedFiles: 9 }),
        ],
      });
      renderApp('/collateralchecker');
      fireEvent.click(
        within(await table()).getByRole('button', { name: /^PENDING FOR APPROVAL, documents of/ }),
      );
      expect(await screen.findByText('Document uploads')).toBeTruthy();
      expect(
        screen.getByText('Skyline Residency — Tower A receivables: Monthly, January 2026'),
      ).toBeTruthy();
    });

    it('reads in Hindi when Hindi is chosen', async () => {
      setLanguage('hi');
      stubList(client, {
        REJECTED: [
          checkerFrequency('F1', { approvalStatus: 'REJECTED', uploadedFiles: 9, canSubmit: true }),
        ],
      });
      renderApp('/collateralstatus?status=REJECTED');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'कोलैटरल की स्थिति' }),
      ).toBeTruthy();
      const rows = await screen.findByRole('table', { name: 'फ़्रीक्वेंसी' });
      expect(within(rows).getByRole('columnheader', { name: 'कोलैटरल का नाम' })).toBeTruthy();
      expect(within(rows).getByRole('columnheader', { name: 'कार्रवाई' })).toBeTruthy();
      // The domain's words for the period and the status, in Hindi too.
      expect(within(rows).getByText('मासिक')).toBeTruthy();
      expect(within(rows).getByRole('button', { name: /^अस्वीकृत, / })).toBeTruthy();
      expect(screen.getAllByLabelText('क्रम').length).toBeGreaterThan(0);
      expect(screen.getByRole('checkbox', { name: 'कृपया अपने चयन की पुष्टि करें।' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'चेकर को भेजें' })).toBeTruthy();
    });
  },
);
