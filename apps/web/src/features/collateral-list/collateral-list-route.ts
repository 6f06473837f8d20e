import type { SessionUser } from '@portal/domain';
import { isStaffUser } from '../../api/session';
import { i18n } from '../../i18n';
import type { RouteHandle } from '../../route-handle';

// What the shell knows of the collateral queue (router.tsx), without the screen's code.

/**
 * The queue's heading by role (collateral-list-page.tsx). The shell shows it while the screen's
 * code loads, before its catalog has arrived, so the English words stand in until then.
 */
export function collateralListHeading(user: SessionUser): string {
  return isStaffUser(user)
    ? i18n._({ id: 'collateralList.titleStaff', message: 'Collateral Checker' })
    : i18n._({ id: 'collateralList.titleBorrower', message: 'Collateral Status' });
}

export const collateralListRoute: RouteHandle = {
  /** The queue's first reads start as soon as their code has arrived, beside the screen's. */
  prefetch(queryClient, searchParams) {
    void import('./checker-frequencies-query').then(({ prefetchFrequencyLink }) =>
      prefetchFrequencyLink(queryClient, searchParams),
    );
  },
  heading: collateralListHeading,
};
