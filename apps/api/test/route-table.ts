import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Role } from '@portal/domain';
import { createTestApp, type TestApp } from './app.ts';

/** One method of one route, as the running app registered it. */
export interface RegisteredRoute {
  method: string;
  /** The path as registered, e.g. `/api/units/:parentKey/files`. */
  url: string;
  /** The roles the auth plugin lets through (route config), when the route declares them. */
  roles: readonly Role[] | undefined;
}

/** "METHOD /path": how the reviewed matrix names a route. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * A test app whose route table is recorded as Fastify builds it: Fastify announces every new
 * instance on the `fastify.initialization` diagnostics channel before any plugin registers, so an
 * onRoute hook added there sees every route, in every encapsulated scope, with its options.
 */
export async function createTestAppWithRoutes(
  overrides: Record<string, string> = {},
): Promise<{ testApp: TestApp; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (options) => {
      routes.push(...describeRoute(options));
    });
  };
  subscribe('fastify.initialization', onInstance);
  try {
    const testApp = await createTestApp(overrides);
    return { testApp, routes: distinct(routes) };
  } finally {
    unsubscribe('fastify.initialization', onInstance);
  }
}

function describeRoute(options: RouteOptions): RegisteredRoute[] {
  // @fastify/static serves the built web app one route per file; they are public assets of the
  // browser app, present only after `npm run build`, and carry no data.
  const config = options.config as { rootPath?: unknown; roles?: readonly Role[] } | undefined;
  if (typeof config?.rootPath === 'string') return [];
  const methods = [options.method].flat();
  return methods.map((method) => ({ method, url: options.url, roles: config?.roles }));
}

/** HEAD answers as GET does wherever both exist (Fastify adds it), so it is not a route of its own. */
function distinct(routes: RegisteredRoute[]): RegisteredRoute[] {
  const keys = new Set(routes.map(routeKey));
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = routeKey(route);
    if (seen.has(key)) return false;
    seen.add(key);
    return !(route.method === 'HEAD' && keys.has(routeKey({ ...route, method: 'GET' })));
  });
}
