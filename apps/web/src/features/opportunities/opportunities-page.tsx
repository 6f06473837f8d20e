import { Text } from '@mantine/core';
import { useCurrentUser } from '../../auth/require-session';
import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Opportunity list (opportunities)": the borrower's loans. */
export function OpportunitiesPage() {
  const user = useCurrentUser();
  return (
    <PlaceholderPage title="Account Information">
      {user.name && <Text fw={500}>{user.name}</Text>}
    </PlaceholderPage>
  );
}
