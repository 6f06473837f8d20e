import { isValidElement, lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery, sessionQueryKey } from './api/session';
import { RequireSession } from './auth/require-session';
import { StartRedirect } from './auth/start-redirect';
import { AppLayout, preloadSignedInLayout, PublicLayout } from './components/app-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './components/route-error';
import { languageReady } from './i18n';
import { loanListRoute } from './features/opportunities/loan-list-route';
import { unitListRoute } from './features/unit-list/unit-list-route';
import { collateralListRoute } from './features/collateral-list/collateral-list-route';

/**
 * Each screen is its own chunk, so the first load carries only the shell (docs/product.md#components).
 * `preload` starts loading it before it renders (preloadScreen).
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  // In Hindi a screen shows once its Hindi has loaded too, never first in English.
  const preload = () =>
    (loading ??= load().then(async (module) => {
      await languageReady();
      return { default: pick(module) };
    }));
  return Object.assign(lazy(preload), { preload });
}

/** Screens that check the session before they show (the guard, the start-up redirect). */
const checksSession: RouteHandle = { checksSession: true };

const SignInPage = lazyPage(
  () => import('./features/sign-in/sign-in-page'),
  (m) => m.SignInPage,
);
const SignUpPage = lazyPage(
  () => import('./features/sign-up/sign-up-page'),
  (m) => m.SignUpPage,
);
const VerificationPage = lazyPage(
  () => import('./features/verification/verification-page'),
  (m) => m.VerificationPage,
);
const ThankYouPage = lazyPage(
  () => import('./features/thank-you/thank-you-page'),
  (m) => m.ThankYouPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('./features/forgot-password/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ForgotVerificationPage = lazyPage(
  () => import('./features/forgot-verification/forgot-verification-page'),
  (m) => m.ForgotVerificationPage,
);
const CreateNewPasswordPage = lazyPage(
  () => import('./features/create-new-password/create-new-password-page'),
  (m) => m.CreateNewPasswordPage,
);
const LoggedOutPage = lazyPage(
  () => import('./features/logged-out/logged-out-page'),
  (m) => m.LoggedOutPage,
);
const OAuthCallbackPage = lazyPage(
  () => import('./features/oauth-callback/oauth-callback-page'),
  (m) => m.OAuthCallbackPage,
);
const NotFoundPage = lazyPage(
  () => import('./features/not-found/not-found-page'),
  (m) => m.NotFoundPage,
);
const OpportunitiesPage = lazyPage(
  () => import('./features/opportunities/opportunities-page'),
  (m) => m.OpportunitiesPage,
);
const ProjectUnitsPage = lazyPage(
  () => import('./features/project-units/project-units-page'),
  (m) => m.ProjectUnitsPage,
);
const LoanStatementPage = lazyPage(
  () => import('./features/loan-statement/loan-statement-page'),
  (m) => m.LoanStatementPage,
);
const UnitListPage = lazyPage(
  () => import('./features/unit-list/unit-list-page'),
  (m) => m.UnitListPage,
);
const CollateralListPage = lazyPage(
  () => import('./features/collateral-list/collateral-list-page'),
  (m) => m.CollateralListPage,
);
const FrequenciesPage = lazyPage(
  () => import('./features/frequencies/frequencies-page'),
  (m) => m.FrequenciesPage,
);
const FilesStatusPage = lazyPage(
  () => import('./features/files-status/files-status-page'),
  (m) => m.FilesStatusPage,
);
const AdminUsersPage = lazyPage(
  () => import('./features/admin/admin-users-page'),
  (m) => m.AdminUsersPage,
);
const QuarantinePage = lazyPage(
  () => import('./features/admin/quarantine-page'),
  (m) => m.QuarantinePage,
);
const ProfilePage = lazyPage(
  () => import('./features/profile/profile-page'),
  (m) => m.ProfilePage,
);
const MonitoringCalendarPage = lazyPage(
  () => import('./features/monitoring-calendar/monitoring-calendar-page'),
  (m) => m.MonitoringCalendarPage,
);
const RejectionReportPage = lazyPage(
  () => import('./features/rejection-report/rejection-report-page'),
  (m) => m.RejectionReportPage,
);
const FilesPage = lazyPage(
  () => import('./features/files/files-page'),
  (m) => m.FilesPage,
);

/** docs/product.md#screens route table, paths exactly as listed there. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // docs/product.md#screens start-up: the root is sign-in unless a valid session sends the user on.
          {
            index: true,
            handle: checksSession,
            element: (
              <StartRedirect>
                <SignInPage />
              </StartRedirect>
            ),
          },
          { path: 'signup', element: <SignUpPage /> },
          { path: 'verification', element: <VerificationPage /> },
          { path: 'Thankyou', element: <ThankYouPage /> },
          // docs/product.md#screens lists both paths but describes one screen.
          { path: 'forgot', element: <ForgotPasswordPage /> },
          { path: 'forgot_password', element: <ForgotPasswordPage /> },
          { path: 'forgotverification', element: <ForgotVerificationPage /> },
          { path: 'createnewpassword', element: <CreateNewPasswordPage /> },
          { path: 'logout', element: <LoggedOutPage /> },
          { path: 'oauthcallback', element: <OAuthCallbackPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <AppLayout />,
        handle: { checksSession: true, preload: preloadSignedInLayout } satisfies RouteHandle,
        children: [
          {
            element: <RequireSession />,
            children: [
              {
                path: 'opportunities',
                element: <OpportunitiesPage />,
                handle: loanListRoute,
              },
              { path: 'opportunities/:opportunityKey/projects', element: <ProjectUnitsPage /> },
              {
                path: 'opportunities/:opportunityKey/projects/:projectKey/units',
                element: <ProjectUnitsPage />,
              },
              { path: 'project/:id/projects/:projectId/units', element: <ProjectUnitsPage /> },
              {
                path: 'opportunities/:opportunityKey/loan-statement-requests',
                element: <LoanStatementPage />,
              },
              { path: 'loanstatement', element: <LoanStatementPage /> },
              // One screen each; the title and actions follow the role (docs/product.md#screens).
              { path: 'checker', element: <UnitListPage />, handle: unitListRoute },
              { path: 'unitstatus', element: <UnitListPage />, handle: unitListRoute },
              {
                path: 'collateralchecker',
                element: <CollateralListPage />,
                handle: collateralListRoute,
              },
              {
                path: 'collateralstatus',
                element: <CollateralListPage />,
                handle: collateralListRoute,
              },
              { path: 'accounts/:accountId/collaterals', element: <FrequenciesPage /> },
              {
                path: 'collaterals/:collateralKey/frequencies/:frequencyKey',
                element: <FilesStatusPage />,
              },
              { path: 'projects/:projectKey/units/:unitKey', element: <FilesStatusPage /> },
              { path: 'files', element: <FilesPage /> },
              // Staff: every collateral's expected monitoring packs, overdue first.
              { path: 'monitoring-calendar', element: <MonitoringCalendarPage /> },
              // docs/product.md#api "Users": admins manage users and failed deliveries; the page tells others no.
              { path: 'admin/users', element: <AdminUsersPage /> },
              // Uploads the virus scanner blocked (admins; the page tells others no).
              { path: 'admin/quarantine', element: <QuarantinePage /> },
              // Why documents are rejected, and how long decisions take (checkers and admins).
              { path: 'reports/rejections', element: <RejectionReportPage /> },
              // The signed-in user's profile: two-factor sign-in for borrowers.
              { path: 'profile', element: <ProfilePage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts the first load before anything renders: the session check, on screens that check it,
 * and their frame's code. Answers once the session is known: the first render then draws the
 * page's heading at once, and the guard lets the page through without a loading state of its own.
 */
export function startFirstLoad(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const handles = (matchRoutes(routes, pathname) ?? []).map(
    ({ route }) => route.handle as RouteHandle | undefined,
  );
  // Its code loads beside the session check; the first render does not wait for it, as its
  // evaluation would hold up the heading. A failure shows where it renders (the error screen).
  for (const handle of handles) handle?.preload?.().catch(() => {});
  return handles.some((handle) => handle?.checksSession)
    ? queryClient.prefetchQuery(sessionQuery())
    : Promise.resolve();
}

/**
 * Starts loading the code of the screen the router shows and the reads it starts with
 * (RouteHandle.prefetch), side by side: the code would otherwise wait for its frame's code (the
 * signed-in header, which React asks for as it renders), and the reads for the code.
 */
export function preloadScreen(
  router: ReturnType<typeof createAppRouter>,
  queryClient: QueryClient,
) {
  // Signed out, the guard is on its way to sign-in: nothing here would be allowed.
  if (queryClient.getQueryData(sessionQueryKey) === null) return;
  const { location, matches } = router.state;
  for (const { route } of matches) {
    const handle = route.handle as RouteHandle | undefined;
    handle?.prefetch?.(queryClient, new URLSearchParams(location.search));
    const screen: unknown = isValidElement(route.element) ? route.element.type : undefined;
    if (typeof screen === 'object' && screen !== null && 'preload' in screen) {
      // A failure shows where the screen renders (the route's error screen).
      (screen.preload as () => Promise<unknown>)().catch(() => {});
    }
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
