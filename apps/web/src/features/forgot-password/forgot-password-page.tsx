import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Forgot password (forgot_password)"; also served at /forgot. */
export function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot Password" />;
}
