import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConfigError, type Env } from './env.ts';
import type { Database } from './db/client.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/error-handler.ts';
import { refuseUnstorableText } from './plugins/storable-text.ts';
import { registerAnswerHeaders } from './plugins/security.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createResponseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { lenderDataRoutes } from './modules/lender-data/lender-data.routes.ts';
import { authPlugin, markRoutesWithoutSession } from './plugins/auth.ts';
import { configuredMailer, devMailDir } from './mail/configured-mailer.ts';
import { devMailRoutes } from './mail/dev-mail.routes.ts';
import { loansRoutes } from './modules/loans/loans.routes.ts';
import { loanStatementsRoutes } from './modules/loan-statements/loan-statements.routes.ts';
import { unitsRoutes } from './modules/units/units.routes.ts';
import { collateralsRoutes } from './modules/collaterals/collaterals.routes.ts';
import { frequenciesRoutes } from './modules/frequencies/frequencies.routes.ts';
import { documentSearchRoutes } from './modules/document-search/document-search.routes.ts';
import { todoRoutes } from './modules/todo/todo.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { nocLettersRoutes } from './modules/noc-letters/noc-letters.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';
import { createScanner } from './scanner/create-scanner.ts';
import { createContentChecker } from './content-checks/content-checker.ts';
import { EVENT_TOPIC } from './modules/events/change-recorder.ts';
import type { WebhookEventType } from './modules/events/domain-events.ts';
import { deliverEvents, type EventHandlerTable } from './modules/events/event-handlers.ts';
import { notificationsFor } from './modules/notifications/notifications.ts';
import { queueWebhook, WEBHOOK_TOPIC, webhookHandler } from './modules/webhooks/webhooks.ts';
import {
  issueNocLetter,
  NOC_LETTER_TOPIC,
  nocLetterHandler,
} from './modules/noc-letters/issue-noc-letter.ts';
import { letterSettingsFor } from './modules/noc-letters/letter-settings.ts';
import { logFileDecision, logSetDecision } from './modules/reports/decision-log.ts';
import type { OutboxHandler } from './outbox/outbox.ts';
import { mailHandler, MAIL_TOPIC } from './mail/mail-jobs.ts';
import type { Mailer } from './mail/mailer.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { deadLettersRoutes } from './modules/admin/dead-letters.routes.ts';
import { quarantineRoutes } from './modules/admin/quarantine.routes.ts';
import { LocalStorage } from './storage/local-storage.ts';
import { localStorageRoutes } from './storage/local-storage.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { identityRoutes, OIDC_CALLBACK_PATH } from './modules/identity/identity.routes.ts';
import { createStaffSignOn, type StaffSignOn } from './modules/identity/staff-sign-on.ts';
import { WEB_DIST } from './install-paths.ts';
import { registerMetrics } from './metrics/metrics.routes.ts';
import { nameSpansByRoute } from './plugins/route-spans.ts';
import { requestLoggerFactory } from './plugins/request-logger.ts';

export interface AppDeps {
  env: Env;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the driver STORAGE_URL chooses. */
  storage?: Storage;
  webDist?: string;
  /** The clock of the monitoring calendar; tests move it. */
  now?: () => Date;
  /**
   * How long one plugin may take to load (Fastify's default, 10 s, when unset); tests on a busy
   * machine turn it off (0) and are bounded by their own set-up timeout.
   */
  pluginTimeout?: number;
}

/** Never log credentials, codes or signed URLs (docs/product.md#quality). */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.presignedUrl',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // The query string can carry a signed URL's signature, so only the path is logged.
      req: (req) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
        remote: req.ip,
      }),
    },
  };
}

/** A request's id: the caller's X-Request-Id when it is a plain token, else a new UUID. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Wires the whole system: external plugins, then cross-cutting concerns, then each module. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, db } = deps;
  const https = env.PUBLIC_URL.startsWith('https:');
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(env.LOG_LEVEL),
    childLoggerFactory: requestLoggerFactory,
    genReqId: requestId,
    // Off unless TRUST_PROXY says which proxies may speak for the client (X-Forwarded-For).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // docs/product.md#api writes the checker-list paths with a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
    pluginTimeout: deps.pluginTimeout,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler());
  // Before any route: the session check is attached to each route that reads the user.
  app.addHook('onRoute', markRoutesWithoutSession);
  await app.register(authPlugin, {
    db,
    publicUrl: env.PUBLIC_URL,
    idleMinutes: env.SESSION_IDLE_MINUTES,
  });
  // The first onRequest hook, so every answer (a refused one too) carries its request id and
  // security headers.
  const storage = deps.storage ?? storageFor(env);
  registerAnswerHeaders(app, {
    https,
    connectOrigins: [new URL(env.PUBLIC_URL).origin, await uploadOrigin(storage, env.PUBLIC_URL)],
  });
  registerErrorHandling(app);
  await registerMetrics(app, { db, token: env.METRICS_TOKEN });
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) nameSpansByRoute(app);
  refuseUnstorableText(app);
  await registerOpenApi(app);
  const staffSignOn = await configureStaffSignOn(app, env);

  await app.register(healthRoutes, { db });
  await app.register(identityRoutes, {
    db,
    cookieSecret: env.SESSION_SECRET,
    publicUrl: env.PUBLIC_URL,
    secureCookies: https,
    staffSignOn,
    staffProviderName: staffProviderName(env),
    staffRolePolicy: {
      defaultRole: env.STAFF_DEFAULT_ROLE,
      adminEmails: env.ADMIN_EMAILS,
      emailDomains: env.STAFF_EMAIL_DOMAINS,
      trustProviderRole: !env.OIDC_ISSUER && env.devConveniences,
    },
    twoFactor: {
      encryptionKey: env.MFA_ENCRYPTION_KEY,
      required: env.MFA_REQUIRED_FOR_BORROWERS,
    },
  });
  await app.register(lenderDataRoutes, {
    db,
    apiKey: env.INTEGRATION_API_KEY,
    previousApiKey: env.INTEGRATION_API_KEY_PREVIOUS,
  });
  await app.register(accountsRoutes, { db });
  await app.register(usersRoutes, { db, publicUrl: env.PUBLIC_URL });
  await app.register(deadLettersRoutes, { db });
  await app.register(quarantineRoutes, { db, scanning: Boolean(env.SCANNER_URL) });
  await app.register(loansRoutes, { db });

  // The local driver's presigned URLs are served by the API itself (docs/product.md#components).
  if (storage instanceof LocalStorage) await app.register(localStorageRoutes, { storage });
  const contentChecker = createContentChecker();
  app.addHook('onClose', async () => contentChecker.close());
  // The monitoring calendar's business day: the calendar's screens and the home to-do read the same one.
  const calendarClock = { now: deps.now ?? (() => new Date()), timeZone: env.BUSINESS_TIMEZONE };
  const documentDeps = {
    db,
    storage,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    scanner: createScanner(env.SCANNER_URL),
    contentChecker,
    scannerFailOpen: env.SCANNER_FAIL_OPEN,
    onUploadCompleted: app.metrics?.countUploadedBytes,
    nocTwoApprovers: env.NOC_TWO_APPROVERS,
  };
  await app.register(loanStatementsRoutes, {
    db,
    storage,
    timeZone: env.BUSINESS_TIMEZONE,
  });
  await app.register(unitsRoutes, { deps: documentDeps });
  await app.register(collateralsRoutes, { db });
  await app.register(frequenciesRoutes, { deps: documentDeps, timeZone: env.BUSINESS_TIMEZONE });
  await app.register(documentSearchRoutes, { db, storage });
  await app.register(todoRoutes, { db, clock: calendarClock });
  await app.register(reportsRoutes, { db, timeZone: env.BUSINESS_TIMEZONE });
  await app.register(nocLettersRoutes, {
    db,
    storage,
    timeZone: env.BUSINESS_TIMEZONE,
    // Read at start, so a logo or certificate that cannot be used stops the server here.
    signer: letterSettingsFor(env).signer,
  });
  await app.register(monitoringRoutes, { db, clock: calendarClock });

  // docs/product.md#components: the dev outbox's reader exists only while the dev outbox is the mailer.
  if (configuredMailer(env)?.kind === 'dev-outbox') {
    await app.register(devMailRoutes, { dir: devMailDir(env) });
  }

  await registerWebApp(app, deps.webDist ?? WEB_DIST);
  return app;
}

/**
 * docs/product.md#api "configured services win": OIDC_ISSUER when set; otherwise, on a loopback-only
 * development server, the bundled development provider; anywhere else staff sign-in is off.
 */
async function configureStaffSignOn(
  app: FastifyInstance,
  env: Env,
): Promise<StaffSignOn | undefined> {
  const redirectUri = `${env.PUBLIC_URL}${OIDC_CALLBACK_PATH}`;
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    return createStaffSignOn({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri,
      allowHttp: !env.isProduction,
    });
  }
  if (!env.devConveniences) return undefined;
  const { registerDevIdentityProvider } = await loadDevIdentityProvider();
  const dev = await registerDevIdentityProvider(app, { publicUrl: env.PUBLIC_URL, redirectUri });
  return createStaffSignOn({ ...dev, redirectUri, allowHttp: true });
}

/** The name on "Continue With …": OIDC_PROVIDER_NAME, else a plain default for the provider in use. */
export function staffProviderName(env: Env): string {
  return env.OIDC_PROVIDER_NAME ?? (env.OIDC_ISSUER ? 'Single Sign-On' : 'Demo Staff Sign-In');
}

/**
 * The bundled provider and its oidc-provider are development dependencies, loaded only when used,
 * so an install without them (npm ci --omit=dev) serves every configuration but this one.
 */
async function loadDevIdentityProvider() {
  try {
    return await import('./modules/identity/dev-identity-provider.ts');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      [
        'Staff sign-in: the bundled development identity provider needs the development',
        `dependencies, which this installation lacks (${(error as Error).message}).`,
        'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to use your identity provider,',
        'or install the development dependencies (npm ci).',
      ].join(' '),
      { cause: error },
    );
  }
}

/**
 * The origin the storage driver sends browsers to for uploads (the bucket's endpoint, or the
 * portal itself for local disk, whose URLs are paths), read off a throw-away presigned URL so it
 * is exactly what the driver produces.
 */
async function uploadOrigin(storage: Storage, publicUrl: string): Promise<string> {
  const probe = await storage.presignUpload('csp-probe/upload-origin', {
    contentType: 'application/octet-stream',
    size: 0,
    sha256Hex: '0'.repeat(64),
  });
  return new URL(probe.url, publicUrl).origin;
}

/**
 * Who hears of each change, once it has committed: every event type with its handlers, run in
 * this order in the event's outbox job (the CRM's webhook last, when WEBHOOK_URL is set).
 */
export function eventHandlersFor(env: Env): EventHandlerTable {
  const mail = notificationsFor({ publicUrl: env.PUBLIC_URL, approverEmail: env.APPROVER_EMAIL });
  const nocLetter = issueNocLetter({
    lenderName: env.LENDER_NAME,
    publicUrl: env.PUBLIC_URL,
    timeZone: env.BUSINESS_TIMEZONE,
  });
  const crm = env.WEBHOOK_URL && env.WEBHOOK_SECRET ? [queueWebhook] : [];
  return {
    'unit.submitted': [mail.submitted, ...crm],
    'unit.finalised': [logSetDecision, nocLetter, mail.decided, ...crm],
    'frequency.created': [...crm],
    'frequency.submitted': [mail.submitted, ...crm],
    'frequency.finalised': [logSetDecision, mail.decided, ...crm],
    'frequency.reopened': [mail.reopened, ...crm],
    'file.uploaded': [...crm],
    'file.replaced': [...crm],
    'file.marked_for_approval': [...crm],
    'file.reviewed': [logFileDecision, ...crm],
    'file.quarantined': [...crm],
    'loan_statement.requested': [...crm],
    'loan_statement.fulfilled': [mail.statementReady, ...crm],
    'noc_letter.issued': [mail.letterReady, ...crm],
    'noc_letter.revoked': [...crm],
  } satisfies Record<WebhookEventType, unknown>;
}

/** The outbox's work by topic: events to their handlers, then the mails, letters and webhooks. */
export function outboxHandlersFor(
  env: Env,
  deps: { storage: Storage; mailer: Mailer | undefined },
): Record<string, OutboxHandler> {
  return {
    [EVENT_TOPIC]: deliverEvents(eventHandlersFor(env)),
    [MAIL_TOPIC]: mailHandler(deps.mailer),
    [NOC_LETTER_TOPIC]: nocLetterHandler(deps.storage, letterSettingsFor(env)),
    ...(env.WEBHOOK_URL && env.WEBHOOK_SECRET
      ? { [WEBHOOK_TOPIC]: webhookHandler({ url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET }) }
      : {}),
  };
}

/** Trusts the nearest `hops` proxies: their X-Forwarded-For entries, and no further ones. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export function storageFor(env: Env) {
  return createStorage({
    storageUrl: env.STORAGE_URL,
    dataDir: env.DATA_DIR,
    secret: env.SESSION_SECRET,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
  });
}
