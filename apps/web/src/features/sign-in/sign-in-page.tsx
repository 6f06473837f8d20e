import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Sign in (root path)". */
export function SignInPage() {
  return <PlaceholderPage title="Sign In" />;
}
