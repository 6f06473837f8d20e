import { ModalsProvider } from '@mantine/modals';
import type { SessionUser } from '@portal/domain';
import { homePathFor, useSession } from '../api/session';
import { AppHeader } from './app-header';
import { PageFrame, RoutedPage } from './page-frame';
import { UserNav } from './user-nav';

/**
 * Signed-in screens: the role's navigation in the header (SPEC §2), and the confirmation
 * dialogs they open. The route guard sits inside, so its loading and redirect states keep
 * the page frame.
 */
export function SignedInLayout() {
  const { data: user } = useSession();
  return (
    <ModalsProvider>
      <PageFrame header={<SignedInHeader user={user ?? undefined} />} size="xl">
        <RoutedPage />
      </PageFrame>
    </ModalsProvider>
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
