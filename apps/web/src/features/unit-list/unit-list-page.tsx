import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../auth/require-session';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/unitList';
import { unitListHeading } from './unit-list-route';
import { UnitListing } from './unit-listing';

addMessages(messages);

/** docs/product.md#screens "Unit listing (checker / unitstatus)": one screen, titled by role. */
export function UnitListPage() {
  // Drawn again when the language changes.
  useLingui();
  const user = useCurrentUser();
  const title = unitListHeading(user);
  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      {/* Shown by the frame already while this page's code loaded (unit-list-route.ts). */}
      <Title order={1}>{title}</Title>
      <UnitListing />
    </Stack>
  );
}
