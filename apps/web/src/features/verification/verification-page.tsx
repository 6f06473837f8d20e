import { Text } from '@mantine/core';
import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Verification (verification/)": the sign-up e-mail code. */
export function VerificationPage() {
  return (
    <PlaceholderPage title="Verify Your Email">
      <Text>Six digit code has been sent to your email address</Text>
    </PlaceholderPage>
  );
}
