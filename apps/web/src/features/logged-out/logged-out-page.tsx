import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';
import { addMessages, currentLanguage, setLanguage, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/loggedOut';

addMessages(messages);

/** docs/product.md#screens "Logged Out": clears all session and local browser storage. */
export function LoggedOutPage() {
  const { _ } = useLingui();
  useEffect(() => {
    sessionStorage.clear();
    localStorage.clear();
    // The language is the browser's choice, not the account's: it stays for the next sign-in.
    void setLanguage(currentLanguage());
  }, []);
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle title={_('loggedOut.title')} />
      <Title order={1}>{_('loggedOut.title')}</Title>
      <Text>{_('loggedOut.message')}</Text>
      <Button component={Link} to="/">
        {_('loggedOut.signInAgain')}
      </Button>
    </Stack>
  );
}
