import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Forgot verification (forgotverification/)": the reset code. */
export function ForgotVerificationPage() {
  return <PlaceholderPage title="Enter Verification Code" />;
}
