import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalUrl = z.url().optional();

const commaList = (s: string) =>
  s
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

/** The names and addresses that reach this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    (isIP(bare) === 4 && bare.startsWith('127.'))
  );
}

/** A proxy address as Fastify's trustProxy takes it: an IP, a CIDR range, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default, so a client cannot choose its own address with X-Forwarded-For
 * and dodge the per-address limits. A number trusts that many proxy hops; a list trusts those
 * addresses or ranges.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const v = value.trim().toLowerCase();
    if (v === 'false' || v === '0' || v === 'off' || v === 'no') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = commaList(v);
    const bad = list.filter((entry) => !isProxyAddress(entry));
    if (list.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (1, 2 …) or a comma-separated list of proxy addresses or CIDR ranges (bad: ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return list;
  });

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Every setting the API reads (docs/product.md#components); nothing else may touch process.env. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback by default: the embedded defaults (dev sign-in, dev mail) must never face a network.
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    STORAGE_URL: optionalUrl,
    /** clamd for malware scanning at upload: tcp://host:3310 or unix:///path/to/clamd.ctl. */
    SCANNER_URL: z
      .string()
      .regex(/^(tcp|unix):\/\//, 'must be a tcp:// or unix:// URL')
      .optional(),
    /** Lets uploads through unscanned while the scanner does not answer (noted on the file). */
    SCANNER_FAIL_OPEN: booleanFlag.default(false),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Borrower Portal <no-reply@borrower-portal.local>'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    /** Named on the sign-in page's "Continue With …" button. */
    OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).optional(),
    /** Staff sign-on accepts only verified e-mail addresses at these domains. */
    STAFF_EMAIL_DOMAINS: z
      .string()
      .default('')
      .transform(commaList)
      .refine((domains) => domains.every((d) => DOMAIN.test(d)), {
        message: 'must be a comma-separated list of e-mail domains such as lender.example',
      }),
    STAFF_DEFAULT_ROLE: z.enum(['approver', 'viewer', 'admin']).default('approver'),
    ADMIN_EMAILS: z.string().default('').transform(commaList),
    INTEGRATION_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Also accepted while the lender's systems switch to a new INTEGRATION_API_KEY. */
    INTEGRATION_API_KEY_PREVIOUS: z.string().min(16, 'must be at least 16 characters').optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Encrypts borrowers' authenticator secrets (AES-256-GCM). Defaults to SESSION_SECRET; set it
     * of its own so SESSION_SECRET can change without turning off everyone's two-factor sign-in.
     */
    MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Borrowers must set up an authenticator app at their next sign-in (staff use their provider's). */
    MFA_REQUIRED_FOR_BORROWERS: booleanFlag.default(false),
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(25 * 1024 * 1024),
    /** A session ends after this long without use, on top of its 12-hour lifetime. */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
    TRUST_PROXY: trustProxy,
    /** Delivered outbox jobs (mail, webhooks) are kept this long for support, then deleted. */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    APPROVER_EMAIL: z.email().optional(),
    /** The lender named on NOC letters, as the borrower's buyer and their bank read it. */
    LENDER_NAME: z.string().trim().min(1).max(120).default('Demo Lender Finance Ltd'),
    /** The NOC letter's letterhead: a logo file (PNG or JPEG, read at start), address, CIN, contact. */
    LENDER_LOGO: z.string().trim().min(1).optional(),
    LENDER_ADDRESS: z.string().trim().min(1).max(300).optional(),
    /** India's corporate identity number: L or U, 5 digits, state, year, company type, 6 digits. */
    LENDER_CIN: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/,
        'must be a 21-character CIN such as U65922MH2010PLC123456',
      )
      .optional(),
    LENDER_CONTACT: z.string().trim().min(1).max(200).optional(),
    /** Who signs NOC letters for the lender, as the signature block names them. */
    NOC_SIGNATORY_NAME: z.string().trim().min(1).max(120).optional(),
    NOC_SIGNATORY_DESIGNATION: z.string().trim().min(1).max(120).optional(),
    /** The lender's signing certificate (PKCS#12, read at start): every new letter is signed with it. */
    NOC_SIGNING_CERTIFICATE: z.string().trim().min(1).optional(),
    NOC_SIGNING_CERTIFICATE_PASSWORD: z.string().optional(),
    WEBHOOK_URL: optionalUrl,
    WEBHOOK_SECRET: z.string().optional(),
    BUSINESS_TIMEZONE: z
      .string()
      .default('Asia/Kolkata')
      .refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata'),
    DEMO_DATA: booleanFlag.optional(),
    /** Four-eyes NOC release: a unit is APPROVED only once a second, different approver confirms. */
    NOC_TWO_APPROVERS: booleanFlag.default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** The bearer token a Prometheus scraper sends to GET /metrics; unset = no /metrics. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Turns tracing on (OTLP). Validated here; the OpenTelemetry SDK reads it and the other
     * OTEL_* variables (protocol, headers, service name) from the environment itself.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    /** How traces name this service. */
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('borrower-portal'),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production',
      });
    }
    if (production && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
    if (env.OIDC_ISSUER && !(env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
      });
    }
    if (production && env.OIDC_ISSUER && env.STAFF_EMAIL_DOMAINS.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_EMAIL_DOMAINS'],
        message:
          'is required in production with OIDC_ISSUER: name the e-mail domains of your staff (e.g. lender.example)',
      });
    }
    if (!production && !isLocalOnly(env)) {
      const missing = requiredOffLoopback.filter((name) => !env[name] || isEmptyList(env[name]));
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['HOST'],
          message: exposedWithoutSettingsMessage(env.HOST, env.PUBLIC_URL, missing),
        });
      }
    }
    if (env.INTEGRATION_API_KEY_PREVIOUS && !env.INTEGRATION_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['INTEGRATION_API_KEY_PREVIOUS'],
        message: 'is accepted only beside a new INTEGRATION_API_KEY',
      });
    }
    if (env.NOC_SIGNING_CERTIFICATE_PASSWORD && !env.NOC_SIGNING_CERTIFICATE) {
      ctx.addIssue({
        code: 'custom',
        path: ['NOC_SIGNING_CERTIFICATE_PASSWORD'],
        message: 'is the password of NOC_SIGNING_CERTIFICATE, which is not set',
      });
    }
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET'],
        message: 'is required with WEBHOOK_URL',
      });
    }
  });

/**
 * Development conveniences need a server that only this machine can reach: HOST and PUBLIC_URL
 * both loopback. Anything else is a deployment, whatever NODE_ENV says.
 */
function isLocalOnly(env: { HOST: string; PUBLIC_URL?: string | undefined }): boolean {
  return (
    isLoopbackHost(env.HOST) &&
    (!env.PUBLIC_URL || isLoopbackHost(new URL(env.PUBLIC_URL).hostname))
  );
}

/** What a server reachable from other machines must be given when NODE_ENV is not production. */
const requiredOffLoopback = [
  'PUBLIC_URL',
  'SESSION_SECRET',
  'INTEGRATION_API_KEY',
  'SMTP_URL',
  'OIDC_ISSUER',
  'STAFF_EMAIL_DOMAINS',
] as const;

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

function exposedWithoutSettingsMessage(
  host: string,
  publicUrl: string | undefined,
  missing: readonly string[],
): string {
  const where = isLoopbackHost(host) ? `PUBLIC_URL=${publicUrl}` : `HOST=${host}`;
  return [
    `${where} makes the portal reachable from other machines, so the development conveniences`,
    '(the /dev/oidc staff sign-in that lets anyone in as an admin, the /dev/mail outbox that shows',
    'every code, the default integration key and a throw-away session secret) stay off.',
    `Set NODE_ENV=production, or set ${missing.join(', ')}.`,
    'To try the portal on this machine only, leave HOST and PUBLIC_URL unset.',
  ].join(' ');
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Env = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

/**
 * The integration key of a loopback development server without INTEGRATION_API_KEY. Everyone
 * knows it, so it opens the import to local requests only, as the other conveniences.
 */
export const DEV_INTEGRATION_KEY = 'dev-integration-key';

function toConfig(env: z.output<typeof EnvSchema>) {
  const production = env.NODE_ENV === 'production';
  // docs/product.md#api "Deployment safety": the dev provider, the dev outbox, the default integration key
  // and a random session secret exist only on a server reachable on loopback alone.
  const devConveniences = !production && isLocalOnly(env);
  return {
    ...env,
    isProduction: production,
    devConveniences,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Production and any reachable server have a SESSION_SECRET; a fixed key only on loopback,
    // so a development database's authenticators still work after a restart.
    MFA_ENCRYPTION_KEY:
      env.MFA_ENCRYPTION_KEY ?? env.SESSION_SECRET ?? 'development-only-two-factor-key-0123456789',
    // On loopback a per-process secret is enough: signed URLs live 15 minutes.
    SESSION_SECRET: env.SESSION_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
    INTEGRATION_API_KEY:
      env.INTEGRATION_API_KEY ?? (devConveniences ? DEV_INTEGRATION_KEY : undefined),
    // Demo data by default only for a fresh embedded database outside production: a production
    // server on the embedded database may be a real book, so there it loads only when asked for.
    DEMO_DATA: env.DEMO_DATA ?? (!env.DATABASE_URL && !production),
  };
}

/** Parses configuration; a bad value throws a ConfigError naming every offending variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
