import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { SessionUser } from '@portal/domain';
import { homePathFor } from '../api/session';
import { clearReturnUrl, readReturnUrl } from './return-url';
import { SessionCheck } from './session-check';

/**
 * docs/product.md#screens start-up, at the root path: with a valid session go to the saved return
 * address (once) or the role's home; without one show `children` (the sign-in
 * screen). After sign-in, putting the user into the session query lands here too.
 */
export function StartRedirect({ children }: { children: ReactNode }) {
  return (
    <SessionCheck>{(user) => (user ? <RedirectSignedIn user={user} /> : children)}</SessionCheck>
  );
}

function RedirectSignedIn({ user }: { user: SessionUser }) {
  // Read during render, clear after commit: <Navigate> keeps the target it
  // rendered with, even when StrictMode runs the effects twice.
  const target = readReturnUrl() ?? homePathFor(user);
  useEffect(() => clearReturnUrl(), []);
  return <Navigate to={target} replace />;
}
