import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app-providers';
import ModalsHost from '../components/modals-host';
import { routes } from '../router';

/** The app's query client, without the 2 s read retries that would slow tests down. */
export function createTestQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return queryClient;
}

function renderInProviders(ui: ReactElement) {
  return render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );
}

/** A part of a screen, with the confirmation dialogs the signed-in layout provides. */
export function renderWithProviders(ui: ReactElement) {
  return renderInProviders(
    <>
      {ui}
      <ModalsHost />
    </>,
  );
}

/** The whole app at `url`, in memory, so tests can follow its redirects. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = renderInProviders(<RouterProvider router={router} />);
  return { ...view, router };
}

/** Answers fetch calls by path with JSON bodies; an unknown path is a 404. */
export function stubApi(answers: Record<string, { status: number; body?: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = typeof input === 'string' ? input : input.toString();
    const answer = answers[path] ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
