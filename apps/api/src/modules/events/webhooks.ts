import { createHmac, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { enqueue, type OutboxHandler } from '../../outbox/outbox.ts';
import type { Actor } from '../audit/audit.ts';
import type { DomainEvent, WebhookPayload } from './domain-events.ts';

export const WEBHOOK_TOPIC = 'webhook';
const DELIVERY_TIMEOUT_MS = 10_000;

export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

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
 * POSTs one event with an HMAC of the exact body sent. Anything but a 2xx (or no answer within
 * 10 s) throws, so the outbox retries with backoff and dead-letters after a day.
 */
export function webhookHandler(config: { url: string; secret: string }): OutboxHandler {
  return async (payload) => {
    const body = JSON.stringify(payload);
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portal-signature': signatureOf(config.secret, body),
        'x-portal-event-id': (payload as WebhookPayload).id,
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`webhook receiver answered ${response.status}`);
  };
}
