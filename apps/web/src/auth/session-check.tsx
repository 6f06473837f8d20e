import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { useSession } from '../api/session';
import { EmptyState } from '../components/empty-state';
import { PageLoader } from '../components/page-loader';
import { addMessages, useLingui } from '../i18n';
import { messages } from '../i18n/messages/auth';

addMessages(messages);

/**
 * Waits for the session check, shows its failure with a way to retry, then
 * renders `children` with the signed-in user or `null` (no valid session).
 */
export function SessionCheck({ children }: { children: (user: SessionUser | null) => ReactNode }) {
  const { _ } = useLingui();
  const session = useSession();
  if (session.isPending) return <PageLoader label={_('auth.checkingSignIn')} />;
  if (session.isError) {
    return (
      <EmptyState
        title={_('auth.checkFailed')}
        description={session.error.message}
        action={<Button onClick={() => void session.refetch()}>{_('auth.tryAgain')}</Button>}
      />
    );
  }
  return children(session.data);
}
