// Core styles for every screen; the date pickers, drop zone and notices bring their own.
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app-providers';
import { languageReady } from './i18n';
import { createAppRouter, preloadScreen, startFirstLoad } from './router';

/**
 * How long the first render waits for the session answer (index.html shows a plain header
 * meanwhile): with it that render already shows the page's heading; a slow answer soon shows the
 * frame's loading state instead.
 */
const FIRST_RENDER_WAIT_MS = 1_500;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const answered = startFirstLoad(queryClient, window.location.pathname);
const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
// Made while the answer is on its way.
const router = createAppRouter();
const root = createRoot(container);

// In Hindi the shell's Hindi comes with the answer, so the first render is in Hindi.
void Promise.race([Promise.all([answered, languageReady()]), waited]).then(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // The screen's code and reads once that render is on screen: code is evaluated as it arrives,
  // and the answers' checks bring the domain's code, which would otherwise hold up the frame.
  requestAnimationFrame(() => setTimeout(() => preloadScreen(router, queryClient), 0));
});
