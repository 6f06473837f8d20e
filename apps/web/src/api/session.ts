import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { Role, SessionUser } from '@portal/domain';
import { LANGUAGE_PATH, SESSION_PATH, SIGNOUT_PATH } from '@portal/domain/identity-paths';
import { i18n, isLanguage, type Language } from '../i18n';
import { ApiError, apiGet, apiSend, NoContentSchema, type AnswerCheck } from './client';

export const sessionQueryKey = ['session'] as const;

const ROLES: Record<Role, true> = { client: true, approver: true, viewer: true, admin: true };
const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && Object.hasOwn(ROLES, value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

/**
 * The session answer's check: the domain's SessionResponseSchema written out (session.test.ts
 * holds them to the same verdicts), so every screen's first render, which waits for the session,
 * waits for neither zod nor the domain's schemas. Like the schema, it keeps only the known fields.
 */
export const SessionAnswer: AnswerCheck<{ user: SessionUser }> = {
  safeParse(data) {
    const user: unknown =
      typeof data === 'object' && data !== null && 'user' in data ? data.user : null;
    if (typeof user !== 'object' || user === null) return { success: false };
    const { username, email, role, accountKey, name, language } = user as Record<string, unknown>;
    if (!isText(username) || !isText(email) || !isRole(role)) return { success: false };
    if (!isTextOrNull(accountKey) || !isTextOrNull(name)) return { success: false };
    if (language !== undefined && !isLanguage(language)) return { success: false };
    const known = { username, email, role, accountKey, name };
    return { success: true, data: { user: language ? { ...known, language } : known } };
  },
};

/**
 * The domain's isStaffRole (every role but 'client') for the shell and the signed-in frame,
 * which would otherwise bring the domain's schemas into the first page.
 */
export function isStaffUser(user: SessionUser): boolean {
  return user.role !== 'client';
}

/** docs/product.md#screens start-up: staff land on the NOC checker, borrowers on their loans. */
export function homePathFor(user: SessionUser): string {
  return isStaffUser(user) ? '/checker' : '/opportunities';
}

async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  try {
    const { user } = await apiGet(SESSION_PATH, SessionAnswer, { signal });
    return user;
  } catch (error) {
    // No session is an answer, not a failure (docs/product.md#api: GET /api/auth/session → 401).
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session check, for the guard and header and for starting it before the first render. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    // Guard and header both read it; one check a minute is enough between navigations.
    staleTime: 60_000,
  });

/** The signed-in user, or `null` when there is no valid session. */
export function useSession() {
  return useQuery(sessionQuery());
}

/**
 * Saves a language chosen in the header as the signed-in user's, for their screens on any browser
 * and their e-mails; with nobody signed in the browser alone remembers it.
 */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return (language: Language) => {
    const user = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
    if (!user) return;
    queryClient.setQueryData(sessionQueryKey, { ...user, language });
    apiSend('PUT', LANGUAGE_PATH, { language }, SessionAnswer).catch((error: unknown) => {
      notifications.show({
        color: 'red',
        title: i18n._('language.notSaved'),
        message: error instanceof Error ? error.message : '',
      });
    });
  };
}

/** docs/product.md#screens header: Logout signs out and goes to /logout. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => apiSend('POST', SIGNOUT_PATH, undefined, NoContentSchema),
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
