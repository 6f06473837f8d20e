import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalUrl = z.url().optional();

/** Every setting the API reads (DESIGN §2); nothing else may touch process.env. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    STORAGE_URL: optionalUrl,
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Borrower Portal <no-reply@borrower-portal.local>'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    STAFF_DEFAULT_ROLE: z.enum(['approver', 'viewer', 'admin']).default('approver'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    INTEGRATION_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(25 * 1024 * 1024),
    APPROVER_EMAIL: z.email().optional(),
    WEBHOOK_URL: optionalUrl,
    WEBHOOK_SECRET: z.string().optional(),
    BUSINESS_TIMEZONE: z
      .string()
      .default('Asia/Kolkata')
      .refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata'),
    DEMO_DATA: booleanFlag.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET'],
        message: 'is required with WEBHOOK_URL',
      });
    }
  });

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

function toConfig(env: z.output<typeof EnvSchema>) {
  const production = env.NODE_ENV === 'production';
  return {
    ...env,
    isProduction: production,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Outside production a per-process secret is enough: signed URLs live 15 minutes.
    SESSION_SECRET: env.SESSION_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
    INTEGRATION_API_KEY:
      env.INTEGRATION_API_KEY ?? (production ? undefined : 'dev-integration-key'),
    // DESIGN §2: demo data only for a fresh embedded database unless asked for explicitly.
    DEMO_DATA: env.DEMO_DATA ?? !env.DATABASE_URL,
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
