import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Sign up (signup/)". */
export function SignUpPage() {
  return <PlaceholderPage title="Sign Up" />;
}
