import { createHmac } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { enqueue, type OutboxHandler } from '../../outbox/outbox.ts';
import type { RecordedEvent, WebhookPayload } from '../events/domain-events.ts';

export const WEBHOOK_TOPIC = 'webhook';
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * docs/product.md#api: the HMAC covers "<timestamp>.<body>", so a captured delivery cannot be replayed
 * later with a fresh timestamp; receivers refuse timestamps older than 5 minutes.
 */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * The CRM hears of every event (docs/product.md#api "Webhooks"): its delivery is a job of its own, under
 * the entity's key, so the webhooks of one unit or frequency arrive in the order of its events.
 */
export async function queueWebhook(db: Executor, event: RecordedEvent) {
  const payload: WebhookPayload = {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    actor: { username: event.actor.username, role: event.actor.role },
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
