import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { callsTo, makeFile } from './document-test-utils';
import {
  FILES_PATH,
  FIRST,
  FIRST_FILE,
  renderPanel,
  slot,
  slotControl,
  stubSet,
  stubStorage,
} from './panel-test-utils';

const flagged = makeFile('SHORTFALL_INFUSION_PROOF', {
  approvalStatus: 'PENDING_APPROVAL',
  createdAt: '2026-11-20T09:00:00.000Z',
  fraudFlags: [
    { code: 'REUSED_DOCUMENT', detail: 'ACC2002' },
    { code: 'EDITED_PDF', detail: 'Adobe Photoshop 25.0' },
    { code: 'OLD_PHOTO', detail: '2019-03-03' },
  ],
});

describe("Fraud signals on a checker's slot", () => {
  it('explains each signal in plain words', async () => {
    stubSet('approver', 'PENDING_APPROVAL', [flagged]);
    renderPanel();
    const item = await slot(FIRST);
    const alert = item.getByRole('alert');
    expect(alert.textContent).toContain('Check this file closely');
    expect(item.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "The same file was uploaded for another borrower's account (ACC2002)",
      'This PDF was modified after it was created (edited with Adobe Photoshop 25.0)',
      'This photo was taken on 3 Mar 2019, long before it was uploaded',
    ]);
    // The slot's header says so too, before it is opened.
    expect((await slotControl(FIRST)).textContent).toContain('3 checks flagged');
  });

  it('shows nothing for a file without signals, or an answer without them', async () => {
    stubSet('approver', 'PENDING_APPROVAL', [
      makeFile('SHORTFALL_INFUSION_PROOF', { approvalStatus: 'PENDING_APPROVAL', fraudFlags: [] }),
    ]);
    renderPanel();
    const item = await slot(FIRST);
    expect(item.queryByText('Check this file closely')).toBeNull();
    expect((await slotControl(FIRST)).textContent).not.toContain('flagged');
  });
});

describe('A file the virus scanner blocked', () => {
  it('tells the borrower it was refused, and leaves the slot open for another file', async () => {
    stubStorage();
    const created = makeFile('SHORTFALL_INFUSION_PROOF', { fileName: 'proof.pdf' }, '/upload/u1');
    const { fetchMock } = stubSet('client', 'NOT_RAISED', [], {
      [`POST ${FILES_PATH}`]: {
        status: 201,
        body: { ...created, meta: { presignedUrl: '/upload/u1' } },
      },
      [`POST ${FIRST_FILE}/complete`]: {
        status: 422,
        body: {
          error: {
            code: 'FILE_QUARANTINED',
            message: 'This file was blocked by the virus scanner',
          },
        },
      },
    });
    renderPanel();
    const item = await slot(FIRST);
    fireEvent.change(item.getByLabelText(`Choose a file for ${FIRST}`), {
      target: { files: [new File(['%PDF-1.4 hello'], 'proof.pdf', { type: 'application/pdf' })] },
    });
    await item.findByText('proof.pdf');
    fireEvent.click(item.getByRole('button', { name: `Upload ${FIRST}` }));
    await waitFor(
      () => expect(callsTo(fetchMock, 'POST', `${FIRST_FILE}/complete`)).toHaveLength(1),
      { timeout: 20_000 },
    );
    const notice = await item.findByText('File refused');
    expect(notice.closest('[role="alert"]')!.textContent).toContain(
      'This file was blocked by the virus scanner.',
    );
    expect(item.queryByText('That did not work')).toBeNull();
    expect(item.getByLabelText(`Choose a file for ${FIRST}`)).toBeTruthy();
  });
});
