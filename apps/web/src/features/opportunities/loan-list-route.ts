import type { SessionUser } from '@portal/domain';
import { isStaffUser } from '../../api/session';
import { i18n } from '../../i18n';
import type { RouteHandle } from '../../route-handle';
import { opportunitiesQuery, todoQuery } from './opportunity-queries';

// What the shell knows of the loan list (router.tsx), without the screen's code.

/**
 * The list's page in the address (`?page=`); anything but a whole number from 1 is page 1, as
 * the domain's PageQuerySchema reads it.
 */
export function loanPageFrom(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page') ?? 1);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A borrower's session carries their account name; staff see every account (docs/product.md#server-rules). The
 * shell shows it before the screen's catalog has loaded, so the English words stand in until
 * then, keeping the catalog out of the first page.
 */
export function loanListHeading(user: SessionUser): string {
  return isStaffUser(user)
    ? i18n._({ id: 'opportunities.allAccounts', message: 'All accounts' })
    : (user.name ?? user.username);
}

export const loanListRoute: RouteHandle = {
  prefetch(queryClient, searchParams) {
    void queryClient.prefetchQuery(opportunitiesQuery(loanPageFrom(searchParams)));
    void queryClient.prefetchQuery(todoQuery());
  },
  heading: loanListHeading,
};
