import path from 'node:path';
import type { Env } from '../env.ts';
import { createDevOutboxMailer } from './dev-outbox-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

type MailEnv = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'devConveniences'>;

/** Where the dev outbox keeps its messages. */
export const devMailDir = (env: Pick<Env, 'DATA_DIR'>): string =>
  path.resolve(env.DATA_DIR, 'mail');

/**
 * docs/product.md#api "Configured services win": SMTP whenever SMTP_URL is set, whatever NODE_ENV says;
 * otherwise the dev outbox, but only on a loopback-only development server (it shows every code);
 * anywhere else there is no mailer at all.
 */
export function configuredMailer(env: MailEnv): Mailer | undefined {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  return env.devConveniences ? createDevOutboxMailer(devMailDir(env), env.MAIL_FROM) : undefined;
}
