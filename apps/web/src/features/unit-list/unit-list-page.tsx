import { isStaff } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Unit listing (checker / unitstatus)": one screen, titled by role. */
export function UnitListPage() {
  const user = useCurrentUser();
  return <PlaceholderPage title={isStaff(user.role) ? 'NOC Checker' : 'Unit Status'} />;
}
