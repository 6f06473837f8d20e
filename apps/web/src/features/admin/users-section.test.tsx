import { afterEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen } from '@testing-library/react';
import type { User } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { listMeta, stubRoutes } from '../frequencies/frequency-test-utils';

// A whole screen of Mantine renders slowly in the test DOM on a busy machine; allow for it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => setLanguage('en'));

const admin: User = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'admin@lender.example',
  email: 'admin@lender.example',
  role: 'admin',
  disabled: false,
  accountKey: null,
  name: 'Anita Desai',
};
const viewer: User = {
  ...admin,
  id: '00000000-0000-4000-8000-000000000002',
  username: 'viewer@lender.example',
  email: 'viewer@lender.example',
  role: 'viewer',
  name: 'Vikram Rao',
};

function stubUsers() {
  const everyone = [admin, viewer];
  stubRoutes({
    'GET /api/auth/session': { status: 200, body: { user: admin } },
    'GET /api/users?page=1&perPage=10': {
      status: 200,
      body: { users: everyone, meta: listMeta(everyone.length) },
    },
    'GET /api/users?page=1&perPage=10&search=nobody': {
      status: 200,
      body: { users: [], meta: listMeta(0) },
    },
  });
}

describe('UsersSection', { timeout: 30_000 }, () => {
  it('offers everyone, with the count, when a search finds nobody; the link clears the search', async () => {
    stubUsers();
    renderApp('/admin/users');
    const search = await screen.findByRole('textbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(await screen.findByText('Clear the search:')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All users (2)' }));
    expect(search).toHaveProperty('value', '');
    expect(await screen.findByText('Vikram Rao')).toBeTruthy();
  });

  it('says it in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubUsers();
    renderApp('/admin/users');
    fireEvent.change(await screen.findByRole('textbox', { name: 'उपयोगकर्ता खोजें' }), {
      target: { value: 'nobody' },
    });
    expect(await screen.findByText('खोज हटाएँ:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सभी उपयोगकर्ता (2)' })).toBeTruthy();
  });
});
