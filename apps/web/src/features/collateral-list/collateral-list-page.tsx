import { isStaff } from '../../api/session';
import { useCurrentUser } from '../../auth/require-session';
import { PlaceholderPage } from '../../components/placeholder-page';

/** SPEC §2 "Collateral checker / status screen": one screen, titled by role. */
export function CollateralListPage() {
  const user = useCurrentUser();
  return (
    <PlaceholderPage title={isStaff(user.role) ? 'Collateral Checker' : 'Collateral Status'} />
  );
}
