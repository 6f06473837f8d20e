import { Link } from 'react-router';
import { Button, Stack, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { homePathFor } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { FailedDeliveries } from './failed-deliveries';
import { TwoFactorReset } from './two-factor-reset';
import { messages } from './messages';
import { UsersSection } from './users-section';

addMessages(messages);

/**
 * /admin/users: user administration and failed deliveries (DESIGN §3 admin role,
 * §4 "Users"). The API allows both to admins only, so others are told at once
 * instead of meeting a 403.
 */
export function AdminUsersPage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  if (user.role !== 'admin') {
    return (
      <>
        <PageTitle title={_('admin.adminsOnly')} />
        <EmptyState
          headingOrder={1}
          icon={<IconShieldLock aria-hidden />}
          title={_('admin.adminsOnly')}
          description={_('admin.adminsOnlyUsers')}
          action={
            <Button component={Link} to={homePathFor(user)} variant="default">
              {_('admin.goHome')}
            </Button>
          }
        />
      </>
    );
  }
  return (
    <Stack gap="xl">
      <PageTitle title={_('admin.title')} />
      <Title order={1}>{_('admin.title')}</Title>
      <UsersSection />
      <TwoFactorReset />
      <FailedDeliveries />
    </Stack>
  );
}
