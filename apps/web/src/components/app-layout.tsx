import { lazy, Suspense } from 'react';
import { AppHeader } from './app-header';
import { PageFrame, RoutedPage } from './page-frame';
import { PageLoader } from './page-loader';

// The navigation, profile and dialogs of signed-in screens are not needed to sign in.
const SignedInLayout = lazy(() =>
  import('./signed-in-layout').then((module) => ({ default: module.SignedInLayout })),
);

/** Signed-in screens: until their frame has loaded, the same frame with the plain header. */
export function AppLayout() {
  return (
    <Suspense
      fallback={
        <PageFrame header={<AppHeader />} size="xl">
          <PageLoader />
        </PageFrame>
      }
    >
      <SignedInLayout />
    </Suspense>
  );
}

/** Sign-in, sign-up and the other public screens: a narrow column. */
export function PublicLayout() {
  return (
    <PageFrame header={<AppHeader />} size="sm">
      <RoutedPage />
    </PageFrame>
  );
}
