import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Create new password (createnewpassword/)". */
export function CreateNewPasswordPage() {
  return <PlaceholderPage title="Create New Password" />;
}
