import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema.ts';
import { enqueueMail, MAIL_TOPIC } from '../../src/mail/mail-jobs.ts';
import { sendMonitoringReminders } from '../../src/modules/monitoring/monitoring-reminders.ts';
import { signatureOf, WEBHOOK_TOPIC } from '../../src/modules/webhooks/webhooks.ts';
import { enqueue } from '../../src/outbox/outbox.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';

type Db = DatabaseHandle['db'];

/**
 * Forgets the reminders recorded and the mails queued for them: every product server the
 * benchmark starts queues the reminders owed as it starts (and cannot send them: it has no
 * SMTP_URL), so each measurement begins from the book as seeded. The seed queues no mail.
 */
export async function forgetReminders(db: Db) {
  await db.execute(sql`delete from monitoring_reminders`);
  await db.delete(outbox).where(and(eq(outbox.topic, MAIL_TOPIC), eq(outbox.status, 'pending')));
}

/**
 * Waits for the run a product server makes as it starts to finish: the reminders it recorded
 * have stopped growing for two seconds (or 60 s passed).
 */
export async function startupRemindersDone(db: Db) {
  const deadline = performance.now() + 60_000;
  let last = -1;
  let steadySince = performance.now();
  while (performance.now() < deadline) {
    const [recorded] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from monitoring_reminders`,
    );
    if (recorded!.n !== last) {
      last = recorded!.n;
      steadySince = performance.now();
    } else if (last > 0 && performance.now() - steadySince >= 2_000) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface ReminderRuns {
  runs: number;
  reminders: number;
  ms: number;
  /** The longest single run. */
  slowestRunMs: number;
}

/**
 * Runs the monitoring reminders as the server's 15-minute timer does, run after run, until
 * nothing more is owed: each run queues its bounded batches, so a backlog over the whole book
 * takes several runs.
 */
export async function remindUntilDone(db: Db, publicUrl: string): Promise<ReminderRuns> {
  const started = performance.now();
  let runs = 0;
  let reminders = 0;
  let slowestRunMs = 0;
  for (;;) {
    const at = performance.now();
    const queued = await sendMonitoringReminders(db, {
      now: () => new Date(),
      timeZone: 'Asia/Kolkata',
      publicUrl,
    });
    slowestRunMs = Math.max(slowestRunMs, performance.now() - at);
    runs++;
    reminders += queued;
    if (queued === 0 || runs >= 200) break;
  }
  return { runs, reminders, ms: performance.now() - started, slowestRunMs };
}

/**
 * Records every reminder owed today and drops the mails queued for them, so a product server
 * starts with nothing to queue and no mail to retry (it has no SMTP_URL): lists are timed on a
 * server as quiet as one that has run a while. Thousands of failing mails retried in the
 * background moved the cheap rows. `forgetReminders` puts the book back after.
 */
export async function settleReminders(db: Db) {
  await remindUntilDone(db, 'http://127.0.0.1');
  await db.delete(outbox).where(and(eq(outbox.topic, MAIL_TOPIC), eq(outbox.status, 'pending')));
}

/** A local SMTP listener and a local webhook receiver, for the outbox to deliver to. */
export async function startReceivers() {
  const smtp = await startSmtpCapture();
  const hooks = await startWebhookReceiver();
  return {
    smtp,
    hooks,
    secret: 'bench-webhook-secret',
    close: async () => {
      await smtp.close();
      await hooks.close();
    },
  };
}

const mailOf = (i: number) => ({
  to: `borrower${i}@borrower.example`,
  subject: `Monitoring pack ${i} is due`,
  text: `Dear borrower,\n\nthe monitoring pack ${i} is due on 15 December 2026.\n`,
  html: `<p>Dear borrower,</p><p>the monitoring pack ${i} is due on 15 December 2026.</p>`,
});
const hookOf = (i: number) => ({
  id: randomUUID(),
  type: 'unit.submitted',
  occurredAt: new Date().toISOString(),
  actor: { username: 'ACC000001', role: 'client' },
  data: { key: `UNIT${String(i).padStart(8, '0')}`, approvalStatus: 'PENDING_APPROVAL' },
});

/**
 * Queues `count` jobs of `topic` in one transaction (each webhook under an entity of its own, as
 * events of many units are) and waits until a running server's outbox worker has delivered them:
 * deliveries per second from the commit to the last delivery, by the database's clock.
 */
export async function outboxDeliveries(
  db: Db,
  topic: typeof MAIL_TOPIC | typeof WEBHOOK_TOPIC,
  count: number,
  timeoutMs = 300_000,
): Promise<number> {
  const ids = await db.transaction(async (tx) => {
    const queued: number[] = [];
    for (let i = 0; i < count; i++) {
      queued.push(
        topic === MAIL_TOPIC
          ? await enqueueMail(tx, mailOf(i))
          : await enqueue(tx, { topic, payload: hookOf(i), orderingKey: `bench:${i}` }),
      );
    }
    return queued;
  });
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [progress] = await queryRows<{ left: number; failed: number; perSecond: number }>(
      db,
      sql`select count(*) filter (where status = 'pending')::int as "left",
                 count(*) filter (where status = 'pending' and attempts > 0)::int as failed,
                 (count(*) / greatest(extract(epoch from max(processed_at) - min(created_at)), 0.001))::float8
                   as "perSecond"
            from ${outbox} where ${inArray(outbox.id, ids)}`,
    );
    if (progress!.failed > 0) throw new Error(`${progress!.failed} ${topic} deliveries failed`);
    if (progress!.left === 0) return progress!.perSecond;
    if (performance.now() > deadline) {
      throw new Error(`${progress!.left} of ${count} ${topic} jobs still pending`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until nothing is due in the outbox (a server's worker has caught up), or `ms` passed. */
export async function outboxIdle(db: Db, ms = 60_000) {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const [due] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${outbox}
           where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now()`,
    );
    if (due!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The same mails sent one after another with nodemailer, no outbox: per second. */
export async function bareMails(smtpUrl: string, count: number): Promise<number> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await transport.sendMail({ from: 'portal@lender.example', ...mailOf(i) });
  }
  transport.close();
  return count / ((performance.now() - started) / 1000);
}

/** The same webhooks POSTed one after another, signed as the product signs them: per second. */
export async function bareWebhooks(url: string, secret: string, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify(hookOf(i));
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portal-timestamp': String(timestamp),
        'x-portal-signature': signatureOf(secret, timestamp, body),
      },
      body,
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the webhook receiver answered ${response.status}`);
  }
  return count / ((performance.now() - started) / 1000);
}
