import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeadLetter, Role, SessionUser, User } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';

const admin: SessionUser = {
  username: 'admin@lender.example',
  email: 'admin@lender.example',
  role: 'admin',
  accountKey: null,
  name: 'Anita Desai',
};

const me: User = { ...admin, id: '00000000-0000-4000-8000-000000000001', disabled: false };
const viewer: User = {
  id: '00000000-0000-4000-8000-000000000002',
  username: 'viewer@lender.example',
  email: 'viewer@lender.example',
  role: 'viewer',
  disabled: false,
  accountKey: null,
  name: 'Vikram Rao',
};
const borrower: User = {
  id: '00000000-0000-4000-8000-000000000003',
  username: 'ACC1001',
  email: 'asha@example.com',
  role: 'client',
  disabled: false,
  accountKey: 'ACC1001',
  name: 'Mehta Constructions',
};

const deadLetter: DeadLetter = {
  id: 7,
  topic: 'webhook',
  orderingKey: 'unit:UNIT-1',
  attempts: 12,
  lastError: 'connect ECONNREFUSED 10.0.0.5:443',
  createdAt: '2026-03-14T06:00:00.000Z',
  failedAt: '2026-03-15T06:00:00.000Z',
};

type Answer = { status: number; body?: unknown };

/**
 * A small stand-in for the users API: lists `users` (filtered by `search`), applies PUTs to
 * them, and answers the dead letters; the routes are keyed `METHOD /api/path`.
 */
function stubAdminApi({
  role = 'admin',
  users = [me, viewer, borrower],
  deadLetters = [] as DeadLetter[],
  put,
}: {
  role?: Role;
  users?: User[];
  deadLetters?: DeadLetter[];
  put?: (id: string, body: Partial<User>) => Answer;
} = {}) {
  let current = users.map((user) => ({ ...user }));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Partial<User>) : {};
    let answer: Answer = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No' } } };
    if (url.pathname === '/api/auth/session') {
      answer = { status: 200, body: { user: { ...admin, role } } };
    } else if (method === 'GET' && url.pathname === '/api/users') {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = current.filter((user) => user.username.toLowerCase().includes(search));
      answer = {
        status: 200,
        body: {
          users: found,
          meta: {
            count: found.length,
            page: 1,
            perPage: 10,
            totalPages: 1,
            totalRecords: found.length,
          },
        },
      };
    } else if (method === 'PUT' && url.pathname.startsWith('/api/users/')) {
      const id = url.pathname.split('/').pop() ?? '';
      answer = put?.(id, body) ?? { status: 200 };
      if (answer.status === 200) {
        current = current.map((user) => (user.id === id ? { ...user, ...body } : user));
        answer = { status: 200, body: { user: current.find((user) => user.id === id) } };
      }
    } else if (method === 'GET' && url.pathname === '/api/admin/dead-letters') {
      answer = { status: 200, body: { deadLetters } };
    } else if (
      method === 'POST' &&
      url.pathname === `/api/admin/dead-letters/${deadLetter.id}/replay`
    ) {
      deadLetters = [];
      answer = { status: 200, body: { replayed: true } };
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof stubAdminApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function usersTable() {
  return within(await screen.findByRole('region', { name: 'Users' }));
}

function rowOf(table: ReturnType<typeof within>, username: string) {
  return within(table.getByRole('rowheader', { name: username }).closest('tr')!);
}

afterEach(() => setLanguage('en'));

describe('AdminUsersPage (docs/product.md#api "Users")', () => {
  it('tells anyone but an admin that the screen is for admins only, and offers no header link', async () => {
    const fetchMock = stubAdminApi({ role: 'approver' });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/users'))).toBe(
      false,
    );
  });

  it('gives admins an Administration icon in the header', async () => {
    stubAdminApi();
    renderApp('/admin/users');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Administration' }).getAttribute('href')).toBe(
      '/admin/users',
    );
  });

  it('lists users; the admin’s own row is shown with its controls disabled and a hint', async () => {
    stubAdminApi();
    renderApp('/admin/users');
    const table = await usersTable();

    const own = rowOf(table, me.username);
    const ownRole = own.getByRole('combobox', { name: `Role of ${me.username}` });
    const ownDisable = own.getByRole('button', { name: `Disable ${me.username}` });
    expect(ownRole).toHaveProperty('disabled', true);
    expect(ownDisable).toHaveProperty('disabled', true);
    expect(own.getByText('This is you. Another admin can change your account.')).toBeTruthy();
    expect(ownDisable.getAttribute('aria-describedby')).toBeTruthy();

    const staff = rowOf(table, viewer.username);
    expect(staff.getByRole('combobox', { name: `Role of ${viewer.username}` })).toHaveProperty(
      'disabled',
      false,
    );
    expect(staff.getByText('Active')).toBeTruthy();

    // Borrowers stay borrowers: no role select, but they can be disabled.
    const client = rowOf(table, borrower.username);
    expect(client.queryByRole('combobox')).toBeNull();
    expect(client.getByText('Borrower')).toBeTruthy();
    expect(client.getByRole('button', { name: `Disable ${borrower.username}` })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the users, their roles and the failed deliveries in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubAdminApi({ deadLetters: [deadLetter] });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रशासन' })).toBeTruthy();
    const table = within(await screen.findByRole('region', { name: 'उपयोगकर्ता' }));
    const viewerRow = rowOf(table, 'viewer@lender.example');
    const role = viewerRow.getByRole('combobox', { name: 'viewer@lender.example की भूमिका' });
    expect((role as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('व्यूअर');
    expect(rowOf(table, 'ACC1001').getByText('ऋणी')).toBeTruthy();
    expect(table.getByText('यह आपका खाता है। इसे कोई दूसरा एडमिन बदल सकता है।')).toBeTruthy();
    const deliveries = within(await screen.findByRole('region', { name: 'विफल डिलीवरी' }));
    expect(deliveries.getByRole('button', { name: 'webhook डिलीवरी 7 फिर भेजें' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ऋणी का दो-चरणीय साइन इन रीसेट करें' })).toBeTruthy();
  });

  it('changes a staff role', async () => {
    const fetchMock = stubAdminApi();
    renderApp('/admin/users');
    const table = await usersTable();
    fireEvent.change(table.getByRole('combobox', { name: `Role of ${viewer.username}` }), {
      target: { value: 'approver' },
    });
    expect(await screen.findByText(`${viewer.username} is now Approver.`)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', `/api/users/${viewer.id}`)).toEqual([{ role: 'approver' }]);
    await waitFor(() =>
      expect(
        rowOf(table, viewer.username).getByRole('combobox', { name: `Role of ${viewer.username}` }),
      ).toHaveProperty('value', 'approver'),
    );
  });

  it('asks before disabling, saying their sessions end at once; enabling needs no confirmation', async () => {
    const fetchMock = stubAdminApi();
    renderApp('/admin/users');
    const table = await usersTable();
    fireEvent.click(table.getByRole('button', { name: `Disable ${borrower.username}` }));

    const dialog = within(
      await screen.findByRole('dialog', { name: `Disable ${borrower.username}?` }),
    );
    expect(dialog.getByText(/their sessions end at once/)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', `/api/users/${borrower.id}`)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(rowOf(table, borrower.username).getByText('Disabled')).toBeTruthy());
    expect(callsTo(fetchMock, 'PUT', `/api/users/${borrower.id}`)).toEqual([{ disabled: true }]);

    fireEvent.click(
      rowOf(table, borrower.username).getByRole('button', { name: `Enable ${borrower.username}` }),
    );
    await waitFor(() => expect(rowOf(table, borrower.username).getByText('Active')).toBeTruthy());
    expect(callsTo(fetchMock, 'PUT', `/api/users/${borrower.id}`)).toEqual([
      { disabled: true },
      { disabled: false },
    ]);
  });

  it('shows the server’s refusal in words', async () => {
    stubAdminApi({
      put: () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'role: borrowers stay borrowers and staff stay staff',
          },
        },
      }),
    });
    renderApp('/admin/users');
    const table = await usersTable();
    fireEvent.change(table.getByRole('combobox', { name: `Role of ${viewer.username}` }), {
      target: { value: 'admin' },
    });
    expect(await screen.findByText(`${viewer.username} was not changed`)).toBeTruthy();
    expect(screen.getByText('role: borrowers stay borrowers and staff stay staff')).toBeTruthy();
  });

  it('searches after a pause in typing', async () => {
    const fetchMock = stubAdminApi();
    renderApp('/admin/users');
    await usersTable();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), {
      target: { value: 'acc' },
    });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input]) => String(input) === '/api/users?page=1&perPage=10&search=acc',
        ),
      ).toBe(true),
    );
    const table = await usersTable();
    await waitFor(() =>
      expect(table.queryByRole('rowheader', { name: viewer.username })).toBeNull(),
    );
    expect(table.getByRole('rowheader', { name: borrower.username })).toBeTruthy();
  });

  it('says when no delivery has failed', async () => {
    stubAdminApi();
    renderApp('/admin/users');
    expect(await screen.findByText('No failed deliveries')).toBeTruthy();
  });

  it('lists failed deliveries and replays one', async () => {
    const fetchMock = stubAdminApi({ deadLetters: [deadLetter] });
    renderApp('/admin/users');
    const table = within(await screen.findByRole('region', { name: 'Failed deliveries' }));
    const cells = table.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual([
      'webhook',
      'unit:UNIT-1',
      '12',
      'connect ECONNREFUSED 10.0.0.5:443',
      '15 Mar 2026, 11:30 am',
      'Replay',
    ]);
    fireEvent.click(table.getByRole('button', { name: 'Replay webhook delivery 7' }));
    expect(await screen.findByText('No failed deliveries')).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(
        ([input, init]) =>
          String(input) === '/api/admin/dead-letters/7/replay' && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });
});
