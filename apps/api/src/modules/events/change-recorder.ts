import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.ts';
import type { DomainEvent, RecordedEvent } from './domain-events.ts';

/** The outbox topic of recorded events, delivered to the handlers subscribed to their type. */
export const EVENT_TOPIC = 'event';

/**
 * An event's outbox key: its entity's events are handled in order, apart from the webhooks they
 * queue under the entity's own key, so a CRM that is down holds back its webhooks only.
 */
export const eventOrderingKey = (orderingKey: string) => `event:${orderingKey}`;

export interface Change extends AuditEntry {
  /** Set when others hear of the change: the CRM, the people it mails, the NOC letters. */
  event?: DomainEvent;
}

/**
 * The one place a change leaves its traces, in the change's own transaction: the audit row
 * always, and the event when others hear of it. What an event leads to (mails, webhooks, a NOC
 * letter, the decision log) is its handlers' business once the change has committed (app.ts).
 */
export async function recordChange(db: Executor, actor: Actor, change: Change) {
  const { event, ...entry } = change;
  await recordAudit(db, actor, entry);
  if (!event) return;
  const recorded: RecordedEvent = {
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: { id: actor.id, username: actor.username, role: actor.role },
    ...event,
  };
  await enqueue(db, {
    topic: EVENT_TOPIC,
    payload: recorded,
    orderingKey: eventOrderingKey(event.orderingKey),
  });
}

/** Whether an entity has events whose handlers have not run yet (their consequences are coming). */
export async function hasUnhandledEvents(db: Executor, orderingKey: string) {
  const [pending] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.orderingKey, eventOrderingKey(orderingKey)), eq(outbox.status, 'pending')))
    .limit(1);
  return pending !== undefined;
}
