import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../auth/require-session';
import { NotForRole } from '../../components/not-for-role';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { FailedDeliveries } from './failed-deliveries';
import { TwoFactorReset } from './two-factor-reset';
import { messages } from '../../i18n/messages/admin';
import { NocLetterSigning } from './noc-letter-signing';
import { UsersSection } from './users-section';

addMessages(messages);

/**
 * /admin/users: user administration, failed deliveries and whether NOC letters are signed
 * (docs/product.md#roles admin role, #api "Users"). The API allows both to admins only, so others are told at once
 * instead of meeting a 403.
 */
export function AdminUsersPage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  if (user.role !== 'admin') {
    return (
      <NotForRole
        title={_('admin.adminsOnly')}
        description={_('admin.adminsOnlyUsers')}
        homeLabel={_('admin.goHome')}
      />
    );
  }
  return (
    <Stack gap="xl">
      <PageTitle title={_('admin.title')} />
      <Title order={1}>{_('admin.title')}</Title>
      <UsersSection />
      <TwoFactorReset />
      <FailedDeliveries />
      <NocLetterSigning />
    </Stack>
  );
}
