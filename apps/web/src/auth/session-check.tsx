import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { SessionUser } from '@portal/domain';
import { useSession } from '../api/session';
import { EmptyState } from '../components/empty-state';
import { PageLoader } from '../components/page-loader';

/**
 * Waits for the session check, shows its failure with a way to retry, then
 * renders `children` with the signed-in user or `null` (no valid session).
 */
export function SessionCheck({ children }: { children: (user: SessionUser | null) => ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageLoader label="Checking your sign-in…" />;
  if (session.isError) {
    return (
      <EmptyState
        title="We could not check your sign-in"
        description={session.error.message}
        action={<Button onClick={() => void session.refetch()}>Try again</Button>}
      />
    );
  }
  return children(session.data);
}
