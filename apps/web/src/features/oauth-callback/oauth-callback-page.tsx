import { Text } from '@mantine/core';
import { useSession } from '../../api/session';
import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "OAuth callback": where staff land after the identity provider. */
export function OAuthCallbackPage() {
  const { data: user } = useSession();
  if (!user) return <PlaceholderPage title="Authenticating..." />;
  return (
    <PlaceholderPage title="Welcome to Borrower Portal">
      <Text>{user.email}</Text>
    </PlaceholderPage>
  );
}
