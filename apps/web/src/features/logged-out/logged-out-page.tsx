import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

/** SPEC §2 "Logged Out": clears all session and local browser storage. */
export function LoggedOutPage() {
  useEffect(() => {
    sessionStorage.clear();
    localStorage.clear();
  }, []);
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle title="Logged Out" />
      <Title order={1}>Logged Out</Title>
      <Text>You have successfully logged out from your account</Text>
      <Button component={Link} to="/">
        Sign In Again
      </Button>
    </Stack>
  );
}
