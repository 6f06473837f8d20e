import type { Executor } from '../db/client.ts';
import { enqueueAll, type OutboxHandler } from '../outbox/outbox.ts';
import { MailMessageSchema, type Mailer, type MailMessage } from './mailer.ts';

export const MAIL_TOPIC = 'mail';

/**
 * Queues messages in the caller's transaction, in one statement; the outbox worker sends them after
 * commit. A malformed message fails here, in the request, rather than later in the outbox. A
 * message that carries a secret (a one-time code) keeps only its recipient and subject once it
 * is sent or given up on.
 */
export function enqueueMails(
  db: Executor,
  messages: readonly MailMessage[],
  options: { containsSecret?: boolean } = {},
): Promise<number[]> {
  return enqueueAll(
    db,
    messages.map((message) => {
      const payload = MailMessageSchema.parse(message);
      return {
        topic: MAIL_TOPIC,
        payload,
        ...(options.containsSecret
          ? { payloadRedacted: { to: payload.to, subject: payload.subject, redacted: true } }
          : {}),
      };
    }),
  );
}

/** Queues one message (enqueueMails). */
export async function enqueueMail(
  db: Executor,
  message: MailMessage,
  options: { containsSecret?: boolean } = {},
): Promise<number> {
  const [id] = await enqueueMails(db, [message], options);
  return id!;
}

/**
 * The worker's handler for MAIL_TOPIC. Without a mailer (production without SMTP_URL) every mail
 * job fails with a warning naming the fix and keeps retrying; after a day it is dead-lettered,
 * to be replayed once SMTP_URL is set.
 */
export function mailHandler(mailer: Mailer | undefined): OutboxHandler {
  return async (payload) => {
    if (!mailer) throw new Error('no mailer configured: set SMTP_URL to send mail in production');
    const parsed = MailMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
      throw new Error(`mail job payload is not a mail message (bad ${fields.join(', ')})`);
    }
    await mailer.send(parsed.data);
  };
}
