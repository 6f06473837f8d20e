import closeWithGrace from 'close-with-grace';
import { ConfigError, loadEnv } from './env.ts';
import { DataDirLockedError, databaseTarget, openDatabase } from './db/client.ts';
import { buildApp, storageFor } from './app.ts';
import { unitDocumentSet } from './modules/units/unit-document-set.ts';
import { frequencyDocumentSet } from './modules/frequencies/frequency-document-set.ts';
import { seedDemoDataIfEmpty } from './seed/seed-demo-data.ts';
import { createOutboxWorker } from './outbox/outbox.ts';
import { configuredMailer } from './mail/configured-mailer.ts';
import { mailHandler, MAIL_TOPIC } from './mail/mail-jobs.ts';
import { WEBHOOK_TOPIC, webhookHandler } from './modules/events/webhooks.ts';
import { cleanAbandonedUploads } from './modules/documents/clean-abandoned-uploads.ts';

async function main() {
  const env = loadEnv();
  const database = await openDatabase(databaseTarget(env));
  const storage = storageFor(env);
  const app = await buildApp({ env, db: database.db, storage });
  app.addHook('onClose', () => database.close());

  const seeded = env.DEMO_DATA ? await seedDemoDataIfEmpty(database.db) : false;

  const mailer = configuredMailer(env);
  if (!mailer) app.log.warn('SMTP_URL is not set: mail jobs will wait and retry until it is');
  const worker = createOutboxWorker({
    db: database.db,
    log: app.log.child({ component: 'outbox' }),
    handlers: {
      [MAIL_TOPIC]: mailHandler(mailer),
      ...(env.WEBHOOK_URL && env.WEBHOOK_SECRET
        ? { [WEBHOOK_TOPIC]: webhookHandler({ url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET }) }
        : {}),
    },
  });

  // Hourly: uploads never completed are removed after a day (DESIGN §4).
  const cleanup = setInterval(() => {
    cleanAbandonedUploads(database.db, storage, [unitDocumentSet, frequencyDocumentSet]).catch(
      (err: unknown) => app.log.warn({ err }, 'cleaning abandoned uploads failed'),
    );
  }, 60 * 60_000);
  cleanup.unref();

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    clearInterval(cleanup);
    await worker.stop();
    await app.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  worker.start();
  const lines = [
    '',
    `Borrower Portal is running at ${env.PUBLIC_URL}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL'}`,
    `  API docs: ${env.PUBLIC_URL}/api/docs`,
    `  mail: ${mailer?.kind === 'smtp' ? 'SMTP' : mailer ? `dev outbox at ${env.PUBLIC_URL}/dev/mail` : 'not configured (set SMTP_URL)'}`,
  ];
  if (seeded) {
    lines.push(
      '  demo data loaded: borrower accounts ACC1001 (asha.mehta@example.com) and ACC1002 (ravi.kumar@example.com)',
      '  try it: open the app, choose Sign up, enter ACC1001 and that e-mail address; the code arrives at /dev/mail',
      '  staff: choose "Continue With" on the sign-in page and pick a demo approver, viewer or admin',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Borrower Portal failed to start:', error);
  }
  process.exit(1);
});
