import { createHmac, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { enqueue, type OutboxHandler } from '../../outbox/outbox.ts';
import type { Actor } from '../audit/audit.ts';
import type { DomainEvent, WebhookPayload } from './domain-events.ts';

export const WEBHOOK_TOPIC = 'webhook';
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * DESIGN §4: the HMAC covers "<timestamp>.<body>", so a captured delivery cannot be replayed
 * later with a fresh timestamp; receivers refuse timestamps older than 5 minutes.
 */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** Queued in the change's own transaction: an event exists exactly when the change committed. */
export async function enqueueWebhook(db: Executor, actor: Actor, event: DomainEvent) {
  const payload: WebhookPayload = {
    // A stable id: redeliveries carry the same one, so the CRM can de-duplicate.
    id: randomUUID(),
    type: event.type,
    occurredAt: new Date().toISOString(),
    actor: { username: actor.username, role: actor.role },
    data: event.data,
  };
  await enqueue(db, { topic: WEBHOOK_TOPIC, payload, orderingKey: event.orderingKey });
}

/**
 * POSTs one event, signed with the time of this attempt. Anything but a 2xx (or no answer within
 * 10 s) throws, so the outbox retries with backoff and dead-letters after a day. Redirects are
 * not followed: a signed event goes only to the configured receiver.
 */
export function webhookHandler(config: { url: string; secret: string }): OutboxHandler {
  return async (payload) => {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(config.url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'x-portal-timestamp': String(timestamp),
        'x-portal-signature': signatureOf(config.secret, timestamp, body),
        'x-portal-event-id': (payload as WebhookPayload).id,
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`webhook receiver answered ${response.status}`);
  };
}
