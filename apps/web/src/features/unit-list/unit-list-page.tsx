import { Stack, Title } from '@mantine/core';
import { isStaffRole } from '@portal/domain';
import { useCurrentUser } from '../../auth/require-session';
import { PageTitle } from '../../components/page-title';
import { UnitListing } from './unit-listing';

/** SPEC §2 "Unit listing (checker / unitstatus)": one screen, titled by role. */
export function UnitListPage() {
  const user = useCurrentUser();
  const title = isStaffRole(user.role) ? 'NOC Checker' : 'Unit Status';
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
      <UnitListing />
    </Stack>
  );
}
