import type { SessionUser } from '@portal/domain';
import { isStaffUser } from '../../api/session';
import { i18n } from '../../i18n';
import type { RouteHandle } from '../../route-handle';

// What the shell knows of the checker list (router.tsx), without the screen's code.

/**
 * docs/product.md#screens "Unit listing (checker / unitstatus)": one screen, titled by role. The
 * shell shows it while the screen's code loads, before its catalog has arrived, so the English
 * words stand in until then.
 */
export function unitListHeading(user: SessionUser): string {
  return isStaffUser(user)
    ? i18n._({ id: 'unitList.titleStaff', message: 'NOC Checker' })
    : i18n._({ id: 'unitList.titleBorrower', message: 'Unit Status' });
}

export const unitListRoute: RouteHandle = {
  /** The list's first reads start as soon as their code has arrived, beside the screen's. */
  prefetch(queryClient, searchParams) {
    void import('./unit-queries').then(({ prefetchUnitLink }) =>
      prefetchUnitLink(queryClient, searchParams),
    );
  },
  heading: unitListHeading,
};
