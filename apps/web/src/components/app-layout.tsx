import { lazy, Suspense, type ComponentType } from 'react';
import { AppHeader } from './app-header';
import { PageFrame, RoutedPage } from './page-frame';
import { PendingPage } from './pending-page';

// The navigation, profile and dialogs of signed-in screens are not needed to sign in.
let signedInLayout: Promise<{ default: ComponentType }> | undefined;
/** Starts loading the signed-in frame before it renders (router.tsx startFirstLoad). */
export const preloadSignedInLayout = () =>
  (signedInLayout ??= import('./signed-in-layout').then((module) => ({
    default: module.SignedInLayout,
  })));
const SignedInLayout = lazy(preloadSignedInLayout);

/** Signed-in screens: until their frame has loaded, the same frame with the plain header. */
export function AppLayout() {
  return (
    <Suspense
      fallback={
        <PageFrame header={<AppHeader />} size="xl">
          <PendingPage />
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
