import { createContext, use, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { SessionUser } from '@portal/domain';
import { saveReturnUrl } from './return-url';
import { SessionCheck } from './session-check';

const CurrentUserContext = createContext<SessionUser | null>(null);

/** The signed-in user, for pages under the guard (which guarantees there is one). */
export function useCurrentUser(): SessionUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available under <RequireSession>');
  return user;
}

/**
 * docs/product.md#screens route guard: a guarded route needs a valid session; without one the
 * requested URL is saved for after sign-in and the user goes to the root.
 */
export function RequireSession() {
  return (
    <SessionCheck>
      {(user) =>
        user ? (
          <CurrentUserContext value={user}>
            <Outlet />
          </CurrentUserContext>
        ) : (
          <RedirectToSignIn />
        )
      }
    </SessionCheck>
  );
}

function RedirectToSignIn() {
  const { pathname, search, hash } = useLocation();
  // Saved after commit (not during render); it is read only once someone signs in.
  useEffect(() => saveReturnUrl(pathname + search + hash), [pathname, search, hash]);
  return <Navigate to="/" replace />;
}
