import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  REJECTION_REASONS,
  todayIn,
  type RejectionReport,
  type Role,
  type SessionUser,
} from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';

const checker: SessionUser = {
  username: 'priya@lender.example',
  email: 'priya@lender.example',
  role: 'approver',
  accountKey: null,
  name: 'Priya Nair',
};

const MARCH = '/api/reports/rejections?from=2025-03-01&to=2025-03-31';
const counts = (given: Partial<Record<string, number>>) =>
  REJECTION_REASONS.map((reason) => ({ reason, count: given[reason] ?? 0 }));

const march: RejectionReport = {
  from: '2025-03-01',
  to: '2025-03-31',
  totalRejections: 7,
  byReason: counts({ ILLEGIBLE: 3, EXPIRED: 3, UNSIGNED: 1 }),
  byFileType: [
    {
      kind: 'unit',
      fileType: 'CUSTOMER_LEDGER',
      count: 4,
      byReason: [
        { reason: 'ILLEGIBLE', count: 3 },
        { reason: 'EXPIRED', count: 1 },
      ],
    },
    {
      kind: 'frequency',
      fileType: 'BANK_STATEMENT',
      count: 1,
      byReason: [{ reason: 'UNSIGNED', count: 1 }],
    },
  ],
  decisionTimes: [
    { kind: 'unit', decisions: 3, medianSeconds: 2 * 86400 + 4 * 3600 },
    { kind: 'frequency', decisions: 0, medianSeconds: null },
  ],
};

function stub(role: Role, answers: Record<string, { status: number; body?: unknown }> = {}) {
  return stubApi({
    '/api/auth/session': { status: 200, body: { user: { ...checker, role } } },
    ...answers,
  });
}

afterEach(() => setLanguage('en'));

describe('Rejection report', () => {
  it('shows the period’s rejections by reason and by document, and the median waits in words', async () => {
    stub('approver', { [MARCH]: { status: 200, body: { report: march } } });
    renderApp('/reports/rejections?from=2025-03-01&to=2025-03-31');
    expect(await screen.findByText(/7 documents were rejected/)).toBeTruthy();
    expect(screen.getByText(/from 1 Mar 2025 to 31 Mar 2025/)).toBeTruthy();

    const chart = await screen.findByRole('img', { name: /^Rejections by reason/ });
    expect(chart.getAttribute('aria-label')).toContain('The document cannot be read: 3');
    expect(chart.getAttribute('aria-label')).toContain('The document is not signed: 1');

    const table = screen.getByRole('region', { name: 'Rejections by document' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('Customer LedgerUnits (NOC)4Unreadable 3 · Expired 1');
    expect(rows[2]!.textContent).toContain('Bank Statement');
    expect(rows[2]!.textContent).toContain('Collateral monitoring');

    const units = screen.getByText('Units (NOC)', { selector: 'p' }).parentElement!;
    expect(units.textContent).toContain('Half were decided within 2 days 4 hours');
    expect(units.textContent).toContain('the median of 3 decisions');
    const monitoring = screen.getByText('Collateral monitoring', { selector: 'p' }).parentElement!;
    expect(monitoring.textContent).toContain('No final decision in this period.');
    // Admins' and approvers' navigation leads here.
    expect(screen.getByRole('link', { name: 'Rejection report' })).toBeTruthy();
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stub('approver', { [MARCH]: { status: 200, body: { report: march } } });
    renderApp('/reports/rejections?from=2025-03-01&to=2025-03-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'अस्वीकृति रिपोर्ट' })).toBeTruthy();
    expect(await screen.findByText(/7 दस्तावेज़ अस्वीकार किए गए/)).toBeTruthy();
    const table = screen.getByRole('region', { name: 'दस्तावेज़ के अनुसार अस्वीकृतियाँ' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain(
      'पढ़ा नहीं जा सका 3 · अवधि समाप्त 1',
    );
    expect(within(table).getAllByRole('row')[1]!.textContent).toMatch(/^ग्राहक लेजर/);
    const units = screen.getByText('यूनिट (NOC)', { selector: 'p' }).parentElement!;
    expect(units.textContent).toContain('2 दिन 4 घंटे');
    expect(units.textContent).toContain('3 निर्णयों');
    const chart = await screen.findByRole('img', { name: /^कारण के अनुसार अस्वीकृतियाँ/ });
    expect(chart.getAttribute('aria-label')).not.toContain('The document');
  });

  it('opens on the last 30 days, and says so when nothing was decided', async () => {
    const today = todayIn(DEFAULT_TIME_ZONE);
    const from = addDays(today, -29);
    const empty: RejectionReport = {
      from,
      to: today,
      totalRejections: 0,
      byReason: counts({}),
      byFileType: [],
      decisionTimes: [
        { kind: 'unit', decisions: 0, medianSeconds: null },
        { kind: 'frequency', decisions: 0, medianSeconds: null },
      ],
    };
    stub('admin', {
      [`/api/reports/rejections?from=${from}&to=${today}`]: {
        status: 200,
        body: { report: empty },
      },
    });
    renderApp('/reports/rejections');
    expect(await screen.findByText('No decisions in this period')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Rejections by reason/ })).toBeNull();
  });

  it('offers the last 12 months’ rejections, with their count, when the period has nothing', async () => {
    const today = todayIn(DEFAULT_TIME_ZONE);
    const from = addDays(today, -29);
    const yearFrom = addDays(today, -364);
    const empty: RejectionReport = {
      ...march,
      from,
      to: today,
      totalRejections: 0,
      byReason: counts({}),
      byFileType: [],
      decisionTimes: [
        { kind: 'unit', decisions: 0, medianSeconds: null },
        { kind: 'frequency', decisions: 0, medianSeconds: null },
      ],
    };
    stub('approver', {
      [`/api/reports/rejections?from=${from}&to=${today}`]: {
        status: 200,
        body: { report: empty },
      },
      [`/api/reports/rejections?from=${yearFrom}&to=${today}`]: {
        status: 200,
        body: { report: { ...march, from: yearFrom, to: today } },
      },
    });
    const { router } = renderApp('/reports/rejections');
    expect(await screen.findByText('No decisions in this period')).toBeTruthy();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Rejections in the last 12 months (7)' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${yearFrom}&to=${today}`));
    expect(await screen.findByText(/7 documents were rejected/)).toBeTruthy();
  });

  it('says what went wrong, with a way to try again', async () => {
    stub('approver', {
      [MARCH]: {
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: 'to: to must be on or after from' } },
      },
    });
    renderApp('/reports/rejections?from=2025-03-01&to=2025-03-31');
    expect(await screen.findByText('The report could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells a viewer it is for checkers and admins, and asks nothing of the API', async () => {
    const fetchMock = stub('viewer');
    renderApp('/reports/rejections');
    expect(await screen.findByRole('heading', { name: 'Checkers and admins only' })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/reports'))).toBe(
        false,
      ),
    );
    expect(screen.queryByRole('link', { name: 'Rejection report' })).toBeNull();
  });
});
