import { Stack, Title } from '@mantine/core';
import { useMatches } from 'react-router';
import type { SessionUser } from '@portal/domain';
import { useSession } from '../api/session';
import type { RouteHandle } from '../route-handle';
import { PageLoader } from './page-loader';

/**
 * A page whose code is still loading (docs/product.md#look-and-feel: a visible, announced loading state): its
 * heading first, where the page will show it, when the route names one.
 */
export function PendingPage() {
  const heading = useMatches()
    .map(({ handle }) => (handle as RouteHandle | undefined)?.heading)
    .findLast((found) => found !== undefined);
  if (!heading) return <PageLoader />;
  return (
    <Stack gap="lg">
      <PendingHeading heading={heading} />
      <PageLoader />
    </Stack>
  );
}

function PendingHeading({ heading }: { heading: (user: SessionUser) => string }) {
  const { data: user } = useSession();
  return user ? <Title order={1}>{heading(user)}</Title> : null;
}
