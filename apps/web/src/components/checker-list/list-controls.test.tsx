import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CHECKER_STATUS_FILTERS, DEFAULT_CHECKER_STATUS } from '@portal/domain';
import { renderWithProviders } from '../../test/render';
import { ListControls } from './list-controls';
import { useListParams } from './list-params';

function Controls() {
  const { params, update } = useListParams(CHECKER_STATUS_FILTERS, DEFAULT_CHECKER_STATUS);
  return (
    <ListControls
      params={params}
      update={update}
      statuses={CHECKER_STATUS_FILTERS.map((value) => ({ value, label: value }))}
      searchLabel="Search by account"
    />
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <Controls /> }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

/** Every media query matches, as on a phone; the shared setup restores matchMedia after. */
function asPhone() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: true,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

// The status is found by its label: it is a plain look-alike until Mantine's Select has loaded,
// which an earlier test in the same worker may already have done (components/select.tsx).
describe('ListControls', () => {
  it('shows the search, status, sort and page size at once on a wide screen', () => {
    renderAt('/');
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search by account' })).toBeTruthy();
    expect(screen.getByLabelText('Status', { selector: 'input' })).toBeTruthy();
  });

  it('folds them behind one Filters button on a phone, which opens and closes them', () => {
    asPhone();
    renderAt('/');
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('searchbox', { name: 'Search by account' })).toBeNull();

    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Search by account' })).toBeTruthy();
    expect(screen.getByLabelText('Status', { selector: 'input' })).toBeTruthy();
  });

  it('counts the filters in use on the button', () => {
    asPhone();
    renderAt('/?status=REJECTED&search=Skyline&perPage=20');
    const filters = screen.getByRole('button', { name: 'Filters, 3 active' });
    expect(filters.textContent).toContain('3');
  });
});
