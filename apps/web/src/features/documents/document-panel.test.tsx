import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { unitSlotFileTypes, type ApprovalStatus, type FileEntry, type Role } from '@portal/domain';
import { RequireSession } from '../../auth/require-session';
import { renderWithProviders } from '../../test/render';
import { BORROWER_PROMPT, DocumentPanel, STAFF_PROMPT } from './document-panel';
import { frequencySetRef, unitSetRef } from './document-set-ref';
import {
  callsTo,
  listAnswer,
  makeFile,
  sessionAs,
  stubRoutes,
  type Routes,
} from './document-test-utils';

const ref = unitSetRef({
  key: 'UNIT-1',
  name: 'Flat A-101',
  projectKey: 'PRJ-1',
  selectedNoc: 'Final',
});
const UNIT = 'GET /api/projects/PRJ-1/units/UNIT-1';
const FILES = 'GET /api/units/UNIT-1/files?perPage=50';
const FIRST = 'Shortfall Infusion Proof';

function stubSet(role: Role, status: ApprovalStatus, files: FileEntry[], extra: Routes = {}) {
  const routes: Routes = {
    'GET /api/auth/session': sessionAs(role),
    [UNIT]: { status: 200, body: { unit: { approvalStatus: status, version: 4 } } },
    [FILES]: listAnswer(files),
    ...extra,
  };
  return { routes, fetchMock: stubRoutes(routes) };
}

function renderPanel() {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const router = createMemoryRouter([
    {
      element: <RequireSession />,
      children: [
        {
          path: '*',
          element: <DocumentPanel setRef={ref} opened onClose={onClose} onChanged={onChanged} />,
        },
      ],
    },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  return { onClose, onChanged };
}

/** The panel of one slot, opened if it is collapsed. */
async function slot(label: string) {
  const control = await screen.findByRole('button', { name: new RegExp(`^${label}`) });
  if (control.getAttribute('aria-expanded') !== 'true') fireEvent.click(control);
  return within(await screen.findByRole('region', { name: new RegExp(`^${label}`) }));
}

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** Every slot holds a file with the given status (the NOC slot is the final kind). */
function fullSet(status: ApprovalStatus, overrides: Partial<Record<string, ApprovalStatus>> = {}) {
  return unitSlotFileTypes('Final').map((fileType) => {
    const approvalStatus = overrides[fileType] ?? status;
    const reviewed = approvalStatus === 'APPROVED' || approvalStatus === 'REJECTED';
    return makeFile(fileType, { approvalStatus, approverRemarks: reviewed ? 'Checked' : null });
  });
}

// jsdom's Blob has no arrayBuffer() (browsers do); the upload hashes the file's bytes.
beforeAll(() => {
  Blob.prototype.arrayBuffer ??= function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(this);
    });
  };
});

describe('DocumentPanel (SPEC §2 document side panel)', () => {
  it('lists the seven unit slots in order, the first expanded, each with its status in words', async () => {
    stubSet('client', 'NOT_RAISED', [makeFile('CUSTOMER_LEDGER')]);
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: /Document uploads/ });
    expect(dialog.textContent).toContain('Flat A-101');
    expect(await screen.findByText(BORROWER_PROMPT)).toBeTruthy();
    const names = (await screen.findAllByRole('button', { name: /NO FILE|NOT RAISED/ })).map(
      (button) => button.textContent?.replace(/NO FILE|NOT RAISED/, ''),
    );
    expect(names).toEqual([
      FIRST,
      'NOC Request Final',
      'Kyc Co-Applicant',
      'Customer Ledger',
      'KYC Applicant',
      'ATS/BBA',
      'Other',
    ]);
    expect(
      screen.getByRole('button', { name: new RegExp(`^${FIRST}`) }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('enables Upload for remarks alone or a chosen file, and sends a remarks-only entry', async () => {
    const { routes, fetchMock } = stubSet('client', 'NOT_RAISED', [], {
      'POST /api/units/UNIT-1/files': (body) => ({
        status: 201,
        body: makeFile(
          'SHORTFALL_INFUSION_PROOF',
          {
            fileName: null,
            borrowerRemarks: (body as { borrowerRemarks: string }).borrowerRemarks,
          },
          null,
        ),
      }),
    });
    const { onChanged } = renderPanel();
    const item = await slot(FIRST);
    const upload = item.getByRole('button', { name: `Upload ${FIRST}` });
    expect(disabled(upload)).toBe(true);

    const remarks = item.getByRole('textbox', { name: 'Borrower remarks' });
    fireEvent.change(remarks, { target: { value: '   ' } });
    expect(disabled(upload)).toBe(true);
    fireEvent.change(remarks, { target: { value: ' No shortfall this quarter ' } });
    expect(disabled(upload)).toBe(false);
    fireEvent.change(remarks, { target: { value: '' } });

    const pdf = new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' });
    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [pdf] },
    });
    expect(await item.findByText('proof.pdf')).toBeTruthy();
    expect(disabled(upload)).toBe(false);
    fireEvent.click(item.getByRole('button', { name: 'Remove' }));
    expect(disabled(upload)).toBe(true);

    fireEvent.change(remarks, { target: { value: ' No shortfall this quarter ' } });
    routes[FILES] = listAnswer([
      makeFile(
        'SHORTFALL_INFUSION_PROOF',
        {
          fileName: null,
          borrowerRemarks: 'No shortfall this quarter',
        },
        null,
      ),
    ]);
    fireEvent.click(upload);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', '/api/units/UNIT-1/files')).toEqual([
      { fileType: 'SHORTFALL_INFUSION_PROOF', borrowerRemarks: 'No shortfall this quarter' },
    ]);
    const after = await slot(FIRST);
    expect(await after.findByText('No File Uploaded')).toBeTruthy();
    expect(disabled(after.getByRole('textbox', { name: 'Borrower remarks' }))).toBe(true);
  });

  it('uploads a file in three steps: declare with its SHA-256, PUT the bytes, complete', async () => {
    const put = vi.fn();
    class FakeXhr {
      upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private target = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.target = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: Blob) {
        put(this.target, this.headers, body);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        this.status = 200;
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const created = makeFile('SHORTFALL_INFUSION_PROOF', { fileName: 'proof.pdf' }, '/upload/u1');
    const { fetchMock } = stubSet('client', 'NOT_RAISED', [], {
      'POST /api/units/UNIT-1/files': {
        status: 201,
        body: {
          ...created,
          meta: { presignedUrl: '/upload/u1', uploadHeaders: { 'x-sum': 'abc' } },
        },
      },
      'POST /api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF/complete': {
        status: 200,
        body: created,
      },
    });
    renderPanel();
    const item = await slot(FIRST);
    const pdf = new File(['%PDF-1.4 hello'], 'proof.pdf', { type: 'application/pdf' });
    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [pdf] },
    });
    await item.findByText('proof.pdf');
    fireEvent.click(item.getByRole('button', { name: `Upload ${FIRST}` }));

    await waitFor(() =>
      expect(
        callsTo(
          fetchMock,
          'POST',
          '/api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF/complete',
        ),
      ).toHaveLength(1),
    );
    expect(callsTo(fetchMock, 'POST', '/api/units/UNIT-1/files')).toEqual([
      {
        fileType: 'SHORTFALL_INFUSION_PROOF',
        fileName: 'proof.pdf',
        // sha256('%PDF-1.4 hello')
        fileHash: 'f31cdee0b4d4fdae0638872f6bb7d0e6ee041386a9055d5e64c25d9d35dc88d1',
        size: 14,
        contentType: 'application/pdf',
      },
    ]);
    expect(put).toHaveBeenCalledWith(
      '/upload/u1',
      { 'content-type': 'application/pdf', 'x-sum': 'abc' },
      pdf,
    );
  });

  it('says in words why an upload was refused', async () => {
    stubSet('client', 'NOT_RAISED', [], {
      'POST /api/units/UNIT-1/files': {
        status: 413,
        body: { error: { code: 'FILE_TOO_LARGE', message: 'The file is too large' } },
      },
    });
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [new File(['%PDF'], 'big.pdf', { type: 'application/pdf' })] },
    });
    await item.findByText('big.pdf');
    fireEvent.click(item.getByRole('button', { name: `Upload ${FIRST}` }));
    expect(await item.findByText(/This file is too large to upload/)).toBeTruthy();
  });

  it('fixes the borrower remarks once a file exists and offers View, Change and Discard', async () => {
    const { fetchMock } = stubSet('client', 'NOT_RAISED', [makeFile('SHORTFALL_INFUSION_PROOF')], {
      'DELETE /api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF': { status: 204 },
    });
    renderPanel();
    const item = await slot(FIRST);
    const remarks = item.getByRole('textbox', { name: 'Borrower remarks' }) as HTMLTextAreaElement;
    expect(remarks.value).toBe('About SHORTFALL_INFUSION_PROOF');
    expect(remarks.disabled).toBe(true);
    expect(disabled(item.getByRole('textbox', { name: 'Approver remarks' }))).toBe(true);
    expect(
      item.getByRole('link', { name: /^View shortfall_infusion_proof.pdf/ }).getAttribute('target'),
    ).toBe('_blank');
    expect(item.getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(item.queryByRole('button', { name: `Upload ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: `Approve ${FIRST}` })).toBeNull();

    fireEvent.click(item.getByRole('button', { name: `Discard ${FIRST}` }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'DELETE', '/api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF'),
      ).toHaveLength(1),
    );
  });

  it('Change discards the file and opens the picker for a new one', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    const { routes } = stubSet('client', 'REJECTED', [
      makeFile('SHORTFALL_INFUSION_PROOF', { approvalStatus: 'REJECTED', approverRemarks: 'Old' }),
    ]);
    routes['DELETE /api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF'] = () => {
      routes[FILES] = listAnswer([]);
      return { status: 204 };
    };
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.click(item.getByRole('button', { name: 'Change' }));
    const picker = await screen.findByLabelText(`Choose a file for ${FIRST}`);
    await waitFor(() => expect(click.mock.contexts).toContain(picker));
  });

  it('offers a borrower nothing to change while the unit awaits approval', async () => {
    stubSet('client', 'PENDING_APPROVAL', fullSet('PENDING_APPROVAL'));
    renderPanel();
    const item = await slot(FIRST);
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(item.queryByLabelText(`Choose a file for ${FIRST}`)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('lets an approver approve or reject a pending file only with remarks', async () => {
    const { fetchMock } = stubSet('approver', 'PENDING_APPROVAL', fullSet('PENDING_APPROVAL'), {
      'PUT /api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF': (body) => ({
        status: 200,
        body: makeFile('SHORTFALL_INFUSION_PROOF', body as object),
      }),
    });
    renderPanel();
    expect(await screen.findByText(STAFF_PROMPT)).toBeTruthy();
    const item = await slot(FIRST);
    const approve = item.getByRole('button', { name: `Approve ${FIRST}` });
    const reject = item.getByRole('button', { name: `Reject ${FIRST}` });
    expect([disabled(approve), disabled(reject)]).toEqual([true, true]);
    expect(disabled(item.getByRole('textbox', { name: 'Borrower remarks' }))).toBe(true);
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
    expect(item.queryByLabelText(`Choose a file for ${FIRST}`)).toBeNull();

    const remarks = item.getByRole('textbox', { name: 'Approver remarks' });
    expect(disabled(remarks)).toBe(false);
    fireEvent.change(remarks, { target: { value: '  ' } });
    expect(disabled(approve)).toBe(true);
    fireEvent.change(remarks, { target: { value: ' Figures do not match ' } });
    expect([disabled(approve), disabled(reject)]).toEqual([false, false]);
    fireEvent.click(reject);
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'PUT', '/api/units/UNIT-1/files/file-SHORTFALL_INFUSION_PROOF'),
      ).toEqual([{ approvalStatus: 'REJECTED', approverRemarks: 'Figures do not match' }]),
    );
  });

  it('fixes approver remarks once given and offers no review of a reviewed file', async () => {
    stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('PENDING_APPROVAL', { SHORTFALL_INFUSION_PROOF: 'APPROVED' }),
    );
    renderPanel();
    const item = await slot(FIRST);
    const remarks = item.getByRole('textbox', { name: 'Approver remarks' }) as HTMLTextAreaElement;
    expect(remarks.value).toBe('Checked');
    expect(remarks.disabled).toBe(true);
    expect(item.queryByRole('button', { name: `Approve ${FIRST}` })).toBeNull();
  });

  it('shows the approver the Submit bar only once every document is reviewed', async () => {
    stubSet('approver', 'PENDING_APPROVAL', fullSet('APPROVED', { OTHER: 'PENDING_APPROVAL' }));
    renderPanel();
    await slot(FIRST);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('finalises with the computed outcome and closes', async () => {
    const { fetchMock } = stubSet(
      'approver',
      'PENDING_APPROVAL',
      fullSet('APPROVED', { KYC_APPLICANT: 'REJECTED' }),
      {
        'PUT /api/projects/PRJ-1/units/UNIT-1': {
          status: 200,
          body: { unit: { approvalStatus: 'REJECTED', version: 5 } },
        },
      },
    );
    const { onClose, onChanged } = renderPanel();
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(screen.getByText(/Submitting makes this unit/).textContent).toContain('REJECTED');
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
    expect(callsTo(fetchMock, 'PUT', '/api/projects/PRJ-1/units/UNIT-1')).toEqual([
      { approvalStatus: 'REJECTED', version: 4 },
    ]);
  });

  it('never shows a borrower the Submit bar', async () => {
    stubSet('client', 'PENDING_APPROVAL', fullSet('APPROVED'));
    renderPanel();
    await slot(FIRST);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows a viewer everything but no action', async () => {
    stubSet('viewer', 'PENDING_APPROVAL', fullSet('PENDING_APPROVAL'));
    renderPanel();
    expect(await screen.findByText(STAFF_PROMPT)).toBeTruthy();
    const item = await slot(FIRST);
    expect(item.getByText('shortfall_infusion_proof.pdf')).toBeTruthy();
    expect(disabled(item.getByRole('textbox', { name: 'Approver remarks' }))).toBe(true);
    expect(item.queryByRole('button', { name: `Approve ${FIRST}` })).toBeNull();
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
  });

  it('shows who did what and when in the history, collapsed at first', async () => {
    const { fetchMock } = stubSet('approver', 'REJECTED', fullSet('APPROVED'), {
      'GET /api/projects/PRJ-1/units/UNIT-1/history': {
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
          ],
        },
      },
    });
    renderPanel();
    const history = await screen.findByRole('button', { name: 'History' });
    expect(history.getAttribute('aria-expanded')).toBe('false');
    expect(callsTo(fetchMock, 'GET', '/api/projects/PRJ-1/units/UNIT-1/history')).toEqual([]);
    fireEvent.click(history);
    expect(await screen.findByText('Submitted to the checker')).toBeTruthy();
    expect(screen.getByText('Rejected KYC Applicant: “Blurred scan”')).toBeTruthy();
    expect(screen.getByText(/ACC1001 \(borrower\)/).textContent).toContain('15 Mar 2026');
    expect(screen.getByText(/priya \(approver\)/).textContent).toMatch(/16 Mar 2026, 3:00\s?pm/i);
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
      basePath: '/collaterals/COL-1/frequencies/FRQ-1',
      filesPath: '/frequencies/FRQ-1/files',
    });
    expect(frequency.slots).toHaveLength(9);
    expect(frequency.slots[0]).toEqual({ fileType: 'SALES_MIS', label: 'Sales MIS' });
  });
});
