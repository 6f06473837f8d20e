import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import {
  unitSlotFileTypes,
  type ApprovalStatus,
  type FileEntry,
  type FirstApproval,
  type Role,
} from '@portal/domain';
import { RequireSession } from '../../auth/require-session';
import { renderWithProviders } from '../../test/render';
import { DocumentPanel, type NextItem } from './document-panel';
import { unitSetRef, type DocumentSetRef } from './document-set-ref';
import { listAnswer, makeFile, sessionAs, stubRoutes, type Routes } from './document-test-utils';

// The document panel of one unit, rendered as a screen renders it, with its API stubbed.

export const unitRef = unitSetRef({
  key: 'UNIT-1',
  name: 'Flat A-101',
  projectKey: 'PRJ-1',
  selectedNoc: 'Final',
});
export const UNIT_PATH = '/api/projects/PRJ-1/units/UNIT-1';
export const UNIT = `GET ${UNIT_PATH}`;
export const FILES = 'GET /api/units/UNIT-1/files?perPage=50';
export const FILES_PATH = '/api/units/UNIT-1/files';
export const FIRST = 'Shortfall Infusion Proof';
export const FIRST_FILE = `${FILES_PATH}/file-SHORTFALL_INFUSION_PROOF`;

/** A unit's answer; `release` for four-eyes NOC release (two approvals, a first one given). */
export const unitAnswer = (
  approvalStatus: ApprovalStatus,
  version = 4,
  release: { approvalsRequired: number; firstApproval: FirstApproval | null } = {
    approvalsRequired: 1,
    firstApproval: null,
  },
) => ({
  status: 200,
  body: { unit: { approvalStatus, version, submittedAt: null, ...release } },
});

export function stubSet(
  role: Role,
  status: ApprovalStatus,
  files: FileEntry[],
  extra: Routes = {},
) {
  const routes: Routes = {
    'GET /api/auth/session': sessionAs(role),
    [UNIT]: unitAnswer(status),
    [FILES]: listAnswer(files),
    ...extra,
  };
  return { routes, fetchMock: stubRoutes(routes) };
}

/** `setRef` for a ref built after a language change (the default one is named in English). */
export function renderPanel({
  next,
  setRef = unitRef,
}: { next?: NextItem; setRef?: DocumentSetRef } = {}) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const router = createMemoryRouter([
    {
      element: <RequireSession />,
      children: [
        {
          path: '*',
          element: (
            <DocumentPanel
              setRef={setRef}
              opened
              onClose={onClose}
              onChanged={onChanged}
              next={next}
            />
          ),
        },
      ],
    },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  return { onClose, onChanged };
}

/** The header button of a slot. */
export const slotControl = (label: string) =>
  screen.findByRole('button', { name: new RegExp(`^${label}`) });

/** The panel of one slot, opened if it is collapsed. */
export async function slot(label: string) {
  const control = await slotControl(label);
  if (control.getAttribute('aria-expanded') !== 'true') fireEvent.click(control);
  return within(await screen.findByRole('region', { name: new RegExp(`^${label}`) }));
}

export const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

export const HISTORY = 'GET /api/projects/PRJ-1/units/UNIT-1/history';

/** The unit's history event of its NOC letter revoked by an admin (20 Mar 2026, 10:15 IST). */
export const REVOKED_EVENT = {
  id: '9',
  at: '2026-03-20T04:45:00.000Z',
  actor: { username: 'asha', role: 'admin' },
  action: 'noc_letter.revoked',
  before: { revokedAt: null },
  after: {
    letterNumber: 'NOC-7K2M-9QXP-4RTB-1VWC',
    revokedAt: '2026-03-20T04:45:00.000Z',
    reason: 'Issued against the wrong buyer',
  },
};

/** Every slot holds a file with the given status (the NOC slot is the final kind). */
export function fullSet(
  status: ApprovalStatus,
  overrides: Partial<Record<string, ApprovalStatus>> = {},
) {
  return unitSlotFileTypes('Final').map((fileType) => {
    const approvalStatus = overrides[fileType] ?? status;
    const reviewed = approvalStatus === 'APPROVED' || approvalStatus === 'REJECTED';
    return makeFile(fileType, {
      approvalStatus,
      approverRemarks: reviewed ? 'Checked' : null,
      reviewedBy: reviewed ? { username: 'priya', role: 'approver' } : null,
      reviewedAt: reviewed ? '2026-11-22T08:35:00.000Z' : null,
    });
  });
}

interface Put {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Stands in for the storage the browser PUTs bytes to: records each PUT, reports half the bytes
 * sent, and answers 200 at once or, with `hold`, only when `release` is called (so a test can
 * cancel mid-upload).
 */
export function stubStorage({
  hold = false,
  answer = { status: 200, text: '' },
}: {
  hold?: boolean;
  /** What storage answers each PUT: a status and body, or 'no answer' (offline, refused). */
  answer?: { status: number; text: string } | 'no answer';
} = {}) {
  const puts: Put[] = [];
  const held: (() => void)[] = [];
  class FakeXhr {
    upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private put: Put = { url: '', headers: {}, body: undefined };
    open(_method: string, url: string) {
      this.put.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.put.headers[name] = value;
    }
    send(body: unknown) {
      this.put.body = body;
      puts.push(this.put);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      const finish = () => {
        if (answer === 'no answer') return this.onerror?.();
        this.status = answer.status;
        this.responseText = answer.text;
        this.onload?.();
      };
      if (hold) held.push(finish);
      else setTimeout(finish, 0);
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { puts, release: () => held.splice(0).forEach((finish) => finish()) };
}
