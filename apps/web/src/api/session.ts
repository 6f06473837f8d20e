import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@portal/domain';
import { ApiError, apiGet, apiSend, NoContentSchema } from './client';

export const sessionQueryKey = ['session'] as const;

// Loaded only for a signed-in answer: a signed-out visitor gets 401 and the sign-in page,
// which then needs neither zod nor the domain's schemas.
const loadSessionSchema = () =>
  import('@portal/domain').then((domain) => domain.SessionResponseSchema);

/**
 * SPEC §2 start-up: staff land on the NOC checker, borrowers on their loans. The role is
 * compared here rather than through the domain's isStaffRole (every role but 'client'),
 * which would bring the domain's schemas into the first page.
 */
export function homePathFor(user: SessionUser): string {
  return user.role === 'client' ? '/opportunities' : '/checker';
}

async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  try {
    const { user } = await apiGet('/auth/session', loadSessionSchema, { signal });
    return user;
  } catch (error) {
    // No session is an answer, not a failure (DESIGN §4: GET /api/auth/session → 401).
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user, or `null` when there is no valid session. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    // Guard and header both read it; one check a minute is enough between navigations.
    staleTime: 60_000,
  });
}

/** SPEC §2 header: Logout signs out and goes to /logout. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => apiSend('POST', '/auth/signout', undefined, NoContentSchema),
    onError: (error) => {
      // Already signed out on the server: nothing left to revoke, carry on.
      if (error instanceof ApiError && error.status === 401) {
        void leave();
        return;
      }
      notifications.show({
        color: 'red',
        title: 'Could not sign out',
        message: `${error.message} Your session is still open.`,
      });
    },
    onSuccess: () => leave(),
  });

  async function leave() {
    // Leave the guarded pages first, so the guard does not save this page as a
    // return address when the session disappears; then drop every cached answer
    // so nothing of this user stays in memory.
    await navigate('/logout', { replace: true });
    queryClient.clear();
  }

  return { signOut: () => mutation.mutate(), isSigningOut: mutation.isPending };
}
