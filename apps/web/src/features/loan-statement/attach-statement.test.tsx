import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoanStatementRequest, Opportunity, Role, SessionUser } from '@portal/domain';
import { renderApp } from '../../test/render';

const opportunity: Opportunity = {
  key: 'OPP-1',
  id: 'OPP-1',
  accountId: 'ACC1001',
  accountName: 'Mehta Constructions Pvt Ltd',
  name: 'Construction Finance Baner 1',
  sanctionAmount: '250000000.00',
  peakExposure: '180000000.00',
  currentFace: '120000000.00',
};

const requested: LoanStatementRequest = {
  id: 'LSR-2',
  opportunityKey: 'OPP-1',
  fromDate: '2026-01-01',
  toDate: '2026-02-28',
  borrowerRemarks: null,
  approverRemarks: null,
  status: 'REQUESTED',
  createdAt: '2026-03-01T05:00:00.000Z',
  fulfilledAt: null,
  fileName: null,
  downloadUrl: null,
};

const fulfilled: LoanStatementRequest = {
  ...requested,
  status: 'FULFILLED',
  fulfilledAt: '2026-03-02T05:00:00.000Z',
  fileName: 'statement.pdf',
  downloadUrl: '/api/storage/statements/statement.pdf?signature=abc',
};

const PAGE = '/opportunities/OPP-1/loan-statement-requests';
const ATTACH = 'Attach statement for 1 Jan 2026 to 28 Feb 2026';

function userWith(role: Role): SessionUser {
  return role === 'client'
    ? { username: 'ACC1001', email: 'a@example.com', role, accountKey: 'ACC1001', name: 'Mehta' }
    : { username: `${role}1`, email: `${role}@lender.example`, role, accountKey: null, name: 'P' };
}

/** The page's reads; `state.requests` is what the list answers now. */
function stubReads(role: Role, state: { requests: LoanStatementRequest[] }) {
  const answers: Record<string, () => unknown> = {
    '/api/auth/session': () => ({ user: userWith(role) }),
    '/api/opportunities/OPP-1': () => ({ opportunity }),
    [`/api${PAGE}`]: () => ({ loanStatementRequests: state.requests }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const answer = answers[String(input)];
      return answer
        ? new Response(JSON.stringify(answer()), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No' } }), {
            status: 404,
          });
    }),
  );
}

interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The test DOM's XMLHttpRequest would go to the network: this one reports progress and answers `respond`. */
function stubXhr(respond: (sent: SentRequest) => { status: number; body: unknown }) {
  const sent: SentRequest[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request: SentRequest = { method: '', url: '', headers: {}, body: undefined };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        const answer = respond(this.request);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function earlierRequests() {
  return within(await screen.findByRole('region', { name: 'Earlier requests' }));
}

describe('Attach statement (loan statement page, staff)', () => {
  it.each(['approver', 'admin'] as const)(
    'is offered to an %s on each REQUESTED row only',
    async (role) => {
      stubReads(role, { requests: [requested, { ...fulfilled, id: 'LSR-1' }] });
      renderApp(PAGE);
      const table = await earlierRequests();
      expect(table.getAllByRole('button', { name: /^Attach statement/ })).toHaveLength(1);
      expect(table.getByRole('button', { name: ATTACH })).toBeTruthy();
      expect(table.getByRole('link', { name: /^Download the statement/ })).toBeTruthy();
    },
  );

  it.each(['viewer', 'client'] as const)('is not offered to a %s', async (role) => {
    stubReads(role, { requests: [requested] });
    renderApp(PAGE);
    const table = await earlierRequests();
    expect(table.getByText('Not ready yet')).toBeTruthy();
    expect(table.queryByRole('button', { name: /Attach statement/ })).toBeNull();
  });

  it('limits the picker to the allowed types, sends the file as the body and shows FULFILLED', async () => {
    const state = { requests: [requested] };
    stubReads('approver', state);
    const sent = stubXhr(() => {
      state.requests = [fulfilled];
      return { status: 200, body: { loanStatementRequest: fulfilled } };
    });
    const { container } = renderApp(PAGE);
    const table = await earlierRequests();
    const picker = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.accept).toContain('.pdf');
    expect(picker.accept).toContain('text/csv');

    const file = new File(['%PDF-1.4'], 'Jan–Feb statement.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [file] } });

    expect(await screen.findByText('Statement sent')).toBeTruthy();
    expect(await table.findByRole('link', { name: /^Download the statement/ })).toBeTruthy();
    expect(table.getByText('FULFILLED')).toBeTruthy();
    expect(table.queryByRole('button', { name: /Attach statement/ })).toBeNull();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: `/api${PAGE}/LSR-2/statement?fileName=Jan%E2%80%93Feb%20statement.pdf`,
        headers: { 'Content-Type': 'application/pdf', Accept: 'application/json' },
        body: file,
      },
    ]);
  });

  it('says in words why the server refused the file, and offers the control again', async () => {
    stubReads('admin', { requests: [requested] });
    stubXhr(() => ({
      status: 415,
      body: { error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'Unsupported file type' } },
    }));
    const { container } = renderApp(PAGE);
    const table = await earlierRequests();
    fireEvent.change(container.querySelector('input[type="file"]')!, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('The statement was not sent')).toBeTruthy();
    expect(screen.getByText(/Attach a PDF, PNG, JPEG, Excel, Word or CSV file/)).toBeTruthy();
    await waitFor(() =>
      expect(table.getByRole('button', { name: ATTACH })).toHaveProperty('disabled', false),
    );
  });
});
