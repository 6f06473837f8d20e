import { Stack, Title } from '@mantine/core';
import { isStaffRole } from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/unitList';
import { UnitListing } from './unit-listing';

addMessages(messages);

/** docs/product.md#screens "Unit listing (checker / unitstatus)": one screen, titled by role. */
export function UnitListPage() {
  const { _ } = useLingui();
  const user = useCurrentUser();
  const title = isStaffRole(user.role) ? _('unitList.titleStaff') : _('unitList.titleBorrower');
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      <UnitListing />
    </Stack>
  );
}
