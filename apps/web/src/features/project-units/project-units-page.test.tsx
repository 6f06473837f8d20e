import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Opportunity, Project, SessionUser } from '@portal/domain';
import { setLanguage } from '../../i18n';
import { renderApp, stubApi } from '../../test/render';

afterEach(() => setLanguage('en'));

const client: SessionUser = {
  username: 'ACC1001',
  email: 'asha.mehta@example.com',
  role: 'client',
  accountKey: 'ACC1001',
  name: 'Mehta Constructions Pvt Ltd',
};

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

const project = (key: string, name: string): Project => ({ key, name, opportunityKey: 'OPP-1' });

function projectPage(projects: Project[], next: string | null) {
  return {
    status: 200,
    body: {
      projects,
      meta: { count: projects.length, page: 1, perPage: 1, totalPages: 2, totalRecords: 2, next },
    },
  };
}

/** Two projects, one per page, so the screen has to follow docs/product.md#api's `next` cursor. */
function stubLoan() {
  return stubApi({
    '/api/auth/session': { status: 200, body: { user: client } },
    '/api/opportunities/OPP-1': { status: 200, body: { opportunity } },
    '/api/opportunities/OPP-1/projects': projectPage(
      [project('PRJ-1', 'Skyline Residency 1')],
      'PRJ-1',
    ),
    '/api/opportunities/OPP-1/projects?next=PRJ-1': projectPage(
      [project('PRJ-2', 'Green Meadows Residency 2')],
      null,
    ),
  });
}

describe('ProjectUnitsPage (docs/product.md#screens project selection)', () => {
  it('names the account and loan, counts every project and lists them all', async () => {
    stubLoan();
    renderApp('/opportunities/OPP-1/projects');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mehta Constructions Pvt Ltd' }),
    ).toBeTruthy();
    expect(screen.getByText('Loan: Construction Finance Baner 1')).toBeTruthy();
    expect((await screen.findByText('No. of projects:')).parentElement?.textContent).toContain('2');
    fireEvent.click(await screen.findByRole('combobox', { name: 'Select Project' }));
    expect(screen.getByRole('option', { name: 'Skyline Residency 1' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Green Meadows Residency 2' })).toBeTruthy();
  });

  it("goes to the chosen project's units", async () => {
    stubLoan();
    const { router } = renderApp('/opportunities/OPP-1/projects');
    fireEvent.click(await screen.findByRole('combobox', { name: 'Select Project' }));
    fireEvent.click(screen.getByRole('option', { name: 'Green Meadows Residency 2' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/opportunities/OPP-1/projects/PRJ-2/units'),
    );
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Green Meadows Residency 2' }),
    ).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Select Project' }) as HTMLInputElement).value,
    ).toBe('Green Meadows Residency 2');
  });

  it('says when the project in the address is not on this loan', async () => {
    stubLoan();
    renderApp('/opportunities/OPP-1/projects/PRJ-9/units');
    expect(await screen.findByText('Project not found')).toBeTruthy();
  });

  it('says the loan is not found, with the way back to the loans', async () => {
    stubApi({ '/api/auth/session': { status: 200, body: { user: client } } });
    renderApp('/opportunities/OPP-404/projects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your loans' }).getAttribute('href')).toBe(
      '/opportunities',
    );
  });

  it('reads in Hindi when Hindi is chosen', async () => {
    setLanguage('hi');
    stubLoan();
    renderApp('/opportunities/OPP-1/projects');
    expect(await screen.findByRole('heading', { level: 2, name: 'NOC का अनुरोध करें' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'प्रोजेक्ट चुनें' })).toBeTruthy();
    expect(
      screen.getByText(
        'यूनिट देखने और उनके लिए अनापत्ति प्रमाणपत्र (NOC) का अनुरोध करने के लिए कोई प्रोजेक्ट चुनें।',
      ),
    ).toBeTruthy();
  });
});
