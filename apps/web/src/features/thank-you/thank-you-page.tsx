import { Link } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

/** SPEC §2 "Thank You": the end of sign-up and of a password reset. */
export function ThankYouPage() {
  return (
    <Stack gap="sm">
      <PageTitle title="Thank You" />
      <Title order={1}>Thank You</Title>
      <Text>
        <Anchor component={Link} to="/">
          Click here
        </Anchor>{' '}
        to sign in.
      </Text>
    </Stack>
  );
}
