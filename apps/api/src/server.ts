// First: tracing must be running before the packages it instruments load (tracing.ts).
import { stopTracing } from './tracing.ts';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadEnv } from './env.ts';
import { DataDirLockedError, databaseTarget, describeDatabase, openDatabase } from './db/client.ts';
import { buildApp, outboxHandlersFor, storageFor } from './app.ts';
import { unitDocumentSet } from './modules/units/unit-document-set.ts';
import { frequencyDocumentSet } from './modules/frequencies/frequency-document-set.ts';
import { seedDemoDataIfEmpty } from './seed/seed-demo-data.ts';
import { createOutboxWorker, pruneDeliveredJobs } from './outbox/outbox.ts';
import { configuredMailer } from './mail/configured-mailer.ts';
import { cleanAbandonedUploads } from './modules/documents/clean-abandoned-uploads.ts';
import { compactListCounts } from './db/lists/index.ts';
import { countDecisionsIn } from './modules/reports/rejection-report.ts';
import {
  REMINDER_INTERVAL_MS,
  sendMonitoringReminders,
} from './modules/monitoring/monitoring-reminders.ts';

/** How long a stop may take before close-with-grace kills the process with exit code 1. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const target = databaseTarget(env);
  const database = await openDatabase(target);
  const storage = storageFor(env);
  const app = await buildApp({ env, db: database.db, storage });

  const seeded = env.DEMO_DATA ? await seedDemoDataIfEmpty(database.db) : false;

  const mailer = configuredMailer(env);
  if (!mailer) app.log.warn('SMTP_URL is not set: mail jobs will wait and retry until it is');
  const worker = createOutboxWorker({
    db: database.db,
    log: app.log.child({ component: 'outbox' }),
    onFailure: app.metrics?.countOutboxFailure,
    handlers: outboxHandlersFor(env, { storage, mailer }),
  });

  // Uploads not completed an hour after they started are abandoned (docs/product.md#api: their links live
  // 15 minutes): swept hourly, and once now, so a restart never postpones a sweep.
  const sweepAbandonedUploads = () => {
    cleanAbandonedUploads(database.db, storage, [unitDocumentSet, frequencyDocumentSet]).then(
      (cleaned) => {
        if (cleaned.uploads > 0 || cleaned.tempFiles > 0) {
          app.log.info(cleaned, 'cleaned abandoned uploads');
        }
      },
      (err: unknown) => app.log.warn({ err }, 'cleaning abandoned uploads failed'),
    );
  };
  sweepAbandonedUploads();
  const cleanup = setInterval(sweepAbandonedUploads, 60 * 60_000);
  cleanup.unref();

  // Hourly: delivered mail and webhook jobs leave the database after OUTBOX_RETENTION_DAYS, and
  // the lists' kept counts fold what was appended into one row per account and status.
  const pruneOutbox = setInterval(() => {
    pruneDeliveredJobs(database.db, env.OUTBOX_RETENTION_DAYS).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning delivered outbox jobs failed'),
    );
    compactListCounts(database.db).catch((err: unknown) =>
      app.log.warn({ err }, 'compacting the lists’ counts failed'),
    );
  }, 60 * 60_000);
  pruneOutbox.unref();

  // The rejection report's counts are kept in one business time zone: a server started with
  // another counts every decision afresh in its own, once (the report reads the log meanwhile).
  countDecisionsIn(database.db, env.BUSINESS_TIMEZONE).then(
    (recounted) => {
      if (recounted)
        app.log.info({ timeZone: env.BUSINESS_TIMEZONE }, 'recounted review decisions');
    },
    (err: unknown) => app.log.warn({ err }, 'recounting review decisions failed'),
  );

  // Every 15 minutes, and once now: monitoring reminders owed are queued in the outbox. Each is
  // recorded once per period and step, so every replica may run this.
  const remindMonitoringPacks = () => {
    sendMonitoringReminders(database.db, {
      now: () => new Date(),
      timeZone: env.BUSINESS_TIMEZONE,
      publicUrl: env.PUBLIC_URL,
    }).then(
      (queued) => {
        if (queued > 0) app.log.info({ queued }, 'queued monitoring reminders');
      },
      (err: unknown) => app.log.warn({ err }, 'queuing monitoring reminders failed'),
    );
  };
  remindMonitoringPacks();
  const reminders = setInterval(remindMonitoringPacks, REMINDER_INTERVAL_MS);
  reminders.unref();

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    const killedAt = Date.now() + SHUTDOWN_GRACE_MS;
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    clearInterval(cleanup);
    clearInterval(pruneOutbox);
    clearInterval(reminders);
    // Side by side, within the grace period: the server refuses new connections at once (a
    // request on a kept-alive one, readyz included, answers 503) and finishes those in flight,
    // while the outbox finishes the job in hand or releases it to another replica. The database
    // closes only after both.
    await Promise.all([worker.stop(), app.close()]);
    await database.close();
    // Spans the collector does not take are lost, but the drain itself succeeded: the stop stays
    // clean. The flush has what is left of the grace period, less a second's margin.
    await stopTracing(Math.max(0, killedAt - Date.now() - 1_000)).catch((err: unknown) =>
      app.log.warn({ err }, 'flushing the traces at shutdown failed'),
    );
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  worker.start();
  const lines = [
    '',
    `Borrower Portal is running at ${env.PUBLIC_URL}`,
    `  database: ${describeDatabase(target)}`,
    `  storage: ${storage.where}`,
    `  API docs: ${env.PUBLIC_URL}/api/docs`,
    `  mail: ${mailer?.kind === 'smtp' ? 'SMTP' : mailer ? `dev outbox at ${env.PUBLIC_URL}/dev/mail` : 'not configured (set SMTP_URL)'}`,
  ];
  if (seeded) {
    lines.push(
      '  demo data loaded: borrower accounts ACC1001 (asha.mehta@example.com) and ACC1002 (ravi.kumar@example.com)',
    );
  }
  // The walk-through names the development conveniences, so only where they exist.
  if (seeded && env.devConveniences) {
    lines.push(
      '  try it: open the app, choose Sign up, enter ACC1001 and that e-mail address; the code arrives at /dev/mail',
      '  staff: choose "Continue With" on the sign-in page and pick a demo approver, viewer or admin',
    );
  }
  console.log(lines.join('\n') + '\n');
}

/** Settles once the server listens (or has failed to start, and is exiting). */
export const started = main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Borrower Portal failed to start:', error);
  }
  process.exit(1);
});
