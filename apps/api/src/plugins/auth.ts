import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { DomainError, type Role } from '@portal/domain';
import type { Database } from '../db/client.ts';
import {
  resolveSession,
  sessionCookieName,
  type AuthenticatedUser,
} from '../modules/identity/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every request before its handler runs. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /**
     * Resolves the session and checks the route's roles: every route's first onRequest hook but
     * those that never read the user, and the not-found handler's (unknown paths look it up too).
     */
    authenticate: onRequestHookHandler;
  }
  interface FastifyContextConfig {
    /** Roles that may call the route; checked before the body is even parsed (docs/product.md#api). */
    roles?: readonly Role[];
    /** false: the route never reads the signed-in user, so its requests look up no session. */
    session?: false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-only routes that never look at who is signed in: health probes, the metrics scrape, the API
 * docs and the web app's files. Their requests skip the session lookup (a probe must not query
 * sessions). Writes and unmatched paths always look the session up, so the Origin check and the
 * role checks are never skipped. It must be the first onRoute hook, added before any route: the
 * session check is attached to the routes it leaves unmarked.
 */
export function markRoutesWithoutSession(route: RouteOptions) {
  if (route.config?.roles) return;
  if (![route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
  const url = route.url;
  const isWebAppFile =
    route.config !== undefined && 'file' in route.config && 'rootPath' in route.config;
  if (
    SESSIONLESS_PATHS.has(url) ||
    url === DOCS_PREFIX ||
    url.startsWith(`${DOCS_PREFIX}/`) ||
    isWebAppFile
  ) {
    route.config = { ...route.config, session: false };
  }
}

const SESSIONLESS_PATHS = new Set(['/api/healthz', '/api/readyz', '/metrics']);
const DOCS_PREFIX = '/api/docs';

/**
 * Resolves the session from the bearer token (API clients) or the session cookie (browser).
 * Cookie-authenticated writes must come from our own origin (docs/product.md#roles, CSRF).
 */
export const authPlugin = fp<{ db: Database; publicUrl: string; idleMinutes: number }>(
  async (app: FastifyInstance, { db, publicUrl, idleMinutes }) => {
    const publicOrigin = new URL(publicUrl).origin;
    const cookieName = sessionCookieName(publicUrl.startsWith('https:'));
    app.decorateRequest('user', null);

    async function authenticate(request: FastifyRequest) {
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const cookies = request.headers.cookie;
      const token = bearer ?? (cookies ? fastifyCookie.parse(cookies)[cookieName] : undefined);
      const user = token ? await resolveSession(db, token, idleMinutes) : undefined;
      if (
        user &&
        !bearer &&
        !SAFE_METHODS.has(request.method) &&
        !isSameOrigin(request, publicOrigin)
      ) {
        throw new DomainError('FORBIDDEN', { message: 'domain.error.FORBIDDEN.origin' });
      }
      request.user = user ?? null;
      const roles = request.routeOptions.config.roles;
      if (roles) requireRole(request, roles);
    }

    const authenticateHook: onRequestHookHandler = (request, _reply, done) => {
      authenticate(request).then(
        () => done(),
        (error: unknown) => done(error as FastifyError),
      );
    };
    app.decorate('authenticate', authenticateHook);
    // A hook of each route that reads the user rather than of the whole app: the routes that
    // never do (markRoutesWithoutSession) then run no hook for it at all. First among the route's
    // own hooks, as an app-wide hook would be.
    app.addHook('onRoute', (route) => {
      if (route.config?.session === false) return;
      route.onRequest = [authenticateHook, ...[route.onRequest ?? []].flat()];
    });
  },
);

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  // The request's own host counts too, so http://127.0.0.1:3000 works when PUBLIC_URL says localhost.
  return origin === publicOrigin || origin === `${request.protocol}://${request.headers.host}`;
}

export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new DomainError('UNAUTHENTICATED');
  return request.user;
}

export function requireRole(request: FastifyRequest, roles: readonly Role[]): AuthenticatedUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new DomainError('FORBIDDEN');
  return user;
}

export const STAFF_ROLES = ['approver', 'viewer', 'admin'] as const satisfies readonly Role[];

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
) {
  reply.setCookie(sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
  });
}
