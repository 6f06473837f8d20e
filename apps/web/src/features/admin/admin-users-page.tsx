import { Link } from 'react-router';
import { Button, Stack, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { FailedDeliveries } from './failed-deliveries';
import { TwoFactorReset } from './two-factor-reset';
import { UsersSection } from './users-section';

const TITLE = 'Administration';

/**
 * /admin/users: user administration and failed deliveries (DESIGN §3 admin role,
 * §4 "Users"). The API allows both to admins only, so others are told at once
 * instead of meeting a 403.
 */
export function AdminUsersPage() {
  const user = useCurrentUser();
  if (user.role !== 'admin') {
    return (
      <>
        <PageTitle title="Admins only" />
        <EmptyState
          headingOrder={1}
          icon={<IconShieldLock aria-hidden />}
          title="Admins only"
          description="Only lender administrators can manage users. Ask an admin if you need a change."
          action={
            <Button component={Link} to={homePathFor(user)} variant="default">
              Go to your home page
            </Button>
          }
        />
      </>
    );
  }
  return (
    <Stack gap="xl">
      <PageTitle title={TITLE} />
      <Title order={1}>{TITLE}</Title>
      <UsersSection />
      <TwoFactorReset />
      <FailedDeliveries />
    </Stack>
  );
}
