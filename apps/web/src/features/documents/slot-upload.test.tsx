import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, listAnswer, makeFile } from './document-test-utils';
import {
  FILES,
  FILES_PATH,
  FIRST,
  FIRST_FILE,
  isDisabled,
  renderPanel,
  slot,
  stubSet,
  stubStorage,
} from './panel-test-utils';

const pdf = (name = 'proof.pdf') => new File(['%PDF-1.4 hello'], name, { type: 'application/pdf' });
// sha256('%PDF-1.4 hello')
const PDF_HASH = 'f31cdee0b4d4fdae0638872f6bb7d0e6ee041386a9055d5e64c25d9d35dc88d1';

/** The slot's rejected file, with the checker's reason. */
const rejectedFile = () =>
  makeFile('SHORTFALL_INFUSION_PROOF', {
    fileName: 'old.pdf',
    approvalStatus: 'REJECTED',
    approverRemarks: 'Figures do not match',
    reviewedBy: { username: 'priya', role: 'approver' },
    reviewedAt: '2026-11-22T08:35:00.000Z',
  });

describe('Upload into an empty slot', () => {
  it('is enabled by remarks alone or a chosen file, and sends a remarks-only entry', async () => {
    const { routes, fetchMock } = stubSet('client', 'NOT_RAISED', [], {
      [`POST ${FILES_PATH}`]: (body) => ({
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
    expect(isDisabled(upload)).toBe(true);

    const remarks = item.getByRole('textbox', { name: 'Borrower remarks' });
    fireEvent.change(remarks, { target: { value: '   ' } });
    expect(isDisabled(upload)).toBe(true);
    fireEvent.change(remarks, { target: { value: ' No shortfall this quarter ' } });
    expect(isDisabled(upload)).toBe(false);
    fireEvent.change(remarks, { target: { value: '' } });

    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [pdf()] },
    });
    expect(await item.findByText('proof.pdf')).toBeTruthy();
    expect(isDisabled(upload)).toBe(false);
    fireEvent.click(item.getByRole('button', { name: 'Remove' }));
    expect(isDisabled(upload)).toBe(true);

    fireEvent.change(remarks, { target: { value: ' No shortfall this quarter ' } });
    routes[FILES] = listAnswer([
      makeFile(
        'SHORTFALL_INFUSION_PROOF',
        { fileName: null, borrowerRemarks: 'No shortfall this quarter' },
        null,
      ),
    ]);
    fireEvent.click(upload);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', FILES_PATH)).toEqual([
      { fileType: 'SHORTFALL_INFUSION_PROOF', borrowerRemarks: 'No shortfall this quarter' },
    ]);
    const after = await slot(FIRST);
    expect(await after.findByText('No File Uploaded')).toBeTruthy();
    // docs/product.md#validation: fixed once the entry exists, and shown as text, not a box.
    expect(after.getByText('No shortfall this quarter')).toBeTruthy();
    expect(after.queryByRole('textbox', { name: 'Borrower remarks' })).toBeNull();
  });

  it('sends a file in three steps: declare with its SHA-256, PUT the bytes, complete', async () => {
    const storage = stubStorage();
    const created = makeFile('SHORTFALL_INFUSION_PROOF', { fileName: 'proof.pdf' }, '/upload/u1');
    const { fetchMock } = stubSet('client', 'NOT_RAISED', [], {
      [`POST ${FILES_PATH}`]: {
        status: 201,
        body: {
          ...created,
          meta: { presignedUrl: '/upload/u1', uploadHeaders: { 'x-sum': 'abc' } },
        },
      },
      [`POST ${FIRST_FILE}/complete`]: { status: 200, body: created },
    });
    renderPanel();
    const item = await slot(FIRST);
    const file = pdf();
    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [file] },
    });
    await item.findByText('proof.pdf');
    fireEvent.click(item.getByRole('button', { name: `Upload ${FIRST}` }));

    // Hash, declare, PUT and complete: four hops, more room than one wait on a busy machine.
    await waitFor(
      () => expect(callsTo(fetchMock, 'POST', `${FIRST_FILE}/complete`)).toHaveLength(1),
      { timeout: 20_000 },
    );
    expect(callsTo(fetchMock, 'POST', FILES_PATH)).toEqual([
      {
        fileType: 'SHORTFALL_INFUSION_PROOF',
        fileName: 'proof.pdf',
        fileHash: PDF_HASH,
        size: 14,
        contentType: 'application/pdf',
      },
    ]);
    expect(storage.puts).toEqual([
      {
        url: '/upload/u1',
        headers: { 'content-type': 'application/pdf', 'x-sum': 'abc' },
        body: file,
      },
    ]);
  });

  it('says in words why an upload was refused', async () => {
    stubSet('client', 'NOT_RAISED', [], {
      [`POST ${FILES_PATH}`]: {
        status: 413,
        body: {
          error: {
            code: 'FILE_TOO_LARGE',
            message:
              'This file is too large to upload. Choose a smaller file, or compress or split it.',
          },
        },
      },
    });
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [pdf('big.pdf')] },
    });
    await item.findByText('big.pdf');
    fireEvent.click(item.getByRole('button', { name: `Upload ${FIRST}` }));
    expect(await item.findByText(/This file is too large to upload/)).toBeTruthy();
  });
});

describe('Change: replace, never delete first', () => {
  it('picks the new file first; a cancelled picker changes nothing', async () => {
    const { fetchMock } = stubSet('client', 'REJECTED', [rejectedFile()]);
    renderPanel();
    const item = await slot(FIRST);
    expect(item.getByRole('button', { name: `Change ${FIRST}` })).toBeTruthy();
    // The picker closed without a file.
    fireEvent.change(item.getByLabelText(`Choose a new file for ${FIRST}`), {
      target: { files: [] },
    });
    expect(item.queryByRole('button', { name: /Upload the replacement/ })).toBeNull();
    expect(item.getByText('old.pdf')).toBeTruthy();
    expect(item.getByText('Figures do not match')).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET'),
    ).toEqual([]);
  });

  it('keeps the rejected file and its reason when the replacement is cancelled before sending', async () => {
    const { fetchMock } = stubSet('client', 'REJECTED', [rejectedFile()]);
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByLabelText(`Choose a new file for ${FIRST}`), {
      target: { files: [pdf('new.pdf')] },
    });
    expect(await item.findByText('new.pdf')).toBeTruthy();
    expect(item.getByText(/old\.pdf stays in place until the new file is uploaded/)).toBeTruthy();
    // While a replacement is prepared, nothing else is offered on the slot.
    expect(item.queryByRole('button', { name: `Discard ${FIRST}` })).toBeNull();
    fireEvent.click(item.getByRole('button', { name: 'Cancel' }));

    expect(item.queryByText('new.pdf')).toBeNull();
    expect(item.getByText('old.pdf')).toBeTruthy();
    expect(item.getByText('Figures do not match')).toBeTruthy();
    expect(item.getByRole('button', { name: `Discard ${FIRST}` })).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET'),
    ).toEqual([]);
  });

  it('closes the started replacement when cancelled mid-upload, leaving the old file', async () => {
    const storage = stubStorage({ hold: true });
    const pending = makeFile(
      'SHORTFALL_INFUSION_PROOF',
      { key: 'file-new', fileName: 'new.pdf', replacesKey: 'file-SHORTFALL_INFUSION_PROOF' },
      '/upload/new',
    );
    const { fetchMock } = stubSet('client', 'REJECTED', [rejectedFile()], {
      [`POST ${FILES_PATH}`]: { status: 201, body: pending },
      [`DELETE ${FILES_PATH}/file-new`]: { status: 204 },
    });
    const { onChanged } = renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByLabelText(`Choose a new file for ${FIRST}`), {
      target: { files: [pdf('new.pdf')] },
    });
    fireEvent.click(
      await item.findByRole('button', { name: `Upload the replacement for ${FIRST}` }),
    );
    await waitFor(() => expect(storage.puts).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', FILES_PATH)).toEqual([
      expect.objectContaining({ fileName: 'new.pdf', replaces: 'file-SHORTFALL_INFUSION_PROOF' }),
    ]);
    expect(await item.findByText('Uploading… 50%')).toBeTruthy();

    fireEvent.click(item.getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', `${FILES_PATH}/file-new`)).toHaveLength(1),
    );
    expect(await screen.findByText(`Upload cancelled: ${FIRST} is unchanged.`)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${FILES_PATH}/file-new/complete`)).toEqual([]);
    expect(callsTo(fetchMock, 'DELETE', FIRST_FILE)).toEqual([]);
    expect(item.getByText('old.pdf')).toBeTruthy();
    expect(item.getByText('Figures do not match')).toBeTruthy();
    expect(item.queryByText('Uploading… 50%')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('swaps the files when the replacement completes, keeping the reason until it is reviewed', async () => {
    stubStorage();
    const replacement = makeFile(
      'SHORTFALL_INFUSION_PROOF',
      {
        key: 'file-new',
        fileName: 'new.pdf',
        borrowerRemarks: 'Corrected figures',
        previousReview: {
          approvalStatus: 'REJECTED',
          approverRemarks: 'Figures do not match',
          rejectionReason: 'DETAILS_MISMATCH',
          reviewedBy: { username: 'priya', role: 'approver' },
          reviewedAt: '2026-11-22T08:35:00.000Z',
        },
      },
      '/api/storage/new.pdf',
    );
    const { routes, fetchMock } = stubSet('client', 'REJECTED', [rejectedFile()], {
      [`POST ${FILES_PATH}`]: {
        status: 201,
        body: { ...replacement, meta: { presignedUrl: '/upload/new' } },
      },
      [`POST ${FILES_PATH}/file-new/complete`]: () => {
        routes[FILES] = listAnswer([replacement]);
        return { status: 200, body: replacement };
      },
    });
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByLabelText(`Choose a new file for ${FIRST}`), {
      target: { files: [pdf('new.pdf')] },
    });
    fireEvent.change(
      await item.findByRole('textbox', { name: 'Borrower remarks for the new file' }),
      {
        target: { value: 'Corrected figures' },
      },
    );
    fireEvent.click(item.getByRole('button', { name: `Upload the replacement for ${FIRST}` }));

    expect(await screen.findByText(`${FIRST} replaced.`)).toBeTruthy();
    const after = await slot(FIRST);
    expect(await after.findByText('new.pdf')).toBeTruthy();
    expect(after.queryByText('old.pdf')).toBeNull();
    const reason = after.getByText('The previous file was rejected. Reason:').closest('figure')!;
    expect(reason.textContent).toContain('Figures do not match');
    expect(reason.textContent).toContain('priya (approver), 22 Nov 2026, 14:05');
    expect(callsTo(fetchMock, 'POST', FILES_PATH)).toEqual([
      expect.objectContaining({
        borrowerRemarks: 'Corrected figures',
        replaces: 'file-SHORTFALL_INFUSION_PROOF',
      }),
    ]);
    expect(callsTo(fetchMock, 'DELETE', FIRST_FILE)).toEqual([]);
  });
});
