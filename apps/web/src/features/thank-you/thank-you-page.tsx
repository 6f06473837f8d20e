import { Link } from 'react-router';
import { Trans } from '@lingui/react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';
import { addMessages, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/thankYou';

addMessages(messages);

/** docs/product.md#screens "Thank You": the end of sign-up and of a password reset. */
export function ThankYouPage() {
  const { _ } = useLingui();
  return (
    <Stack gap="sm">
      <PageTitle title={_('thankYou.title')} />
      <Title order={1}>{_('thankYou.title')}</Title>
      <Text>
        <Trans id="thankYou.signIn" components={{ 0: <Anchor component={Link} to="/" /> }} />
      </Text>
    </Stack>
  );
}
