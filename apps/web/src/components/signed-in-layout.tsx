import { lazy, Suspense } from 'react';
import type { SessionUser } from '@portal/domain';
import { homePathFor, useSession } from '../api/session';
import { AppHeader } from './app-header';
import { PageFrame, RoutedPage } from './page-frame';
import { UserNav } from './user-nav';

/**
 * Confirmation dialogs (`openConfirmModal`, confirm.ts) reach the host by a window event, so it
 * needs no children; it loads beside the screen (Modal, focus trap and scroll lock), and a dialog
 * asked for before it listens waits for it.
 */
const ModalsHost = lazy(() => import('./modals-host'));

/**
 * Signed-in screens: the role's navigation in the header (docs/product.md#screens), and the confirmation
 * dialogs they open. The route guard sits inside, so its loading and redirect states keep
 * the page frame.
 */
export function SignedInLayout() {
  const { data: user } = useSession();
  return (
    <>
      <PageFrame header={<SignedInHeader user={user ?? undefined} />} size="xl">
        <RoutedPage />
      </PageFrame>
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
    </>
  );
}

/** The header with the role's navigation once the session is known. */
export function SignedInHeader({ user }: { user?: SessionUser }) {
  return (
    <AppHeader homePath={user ? homePathFor(user) : '/'}>
      {user && <UserNav user={user} />}
    </AppHeader>
  );
}
