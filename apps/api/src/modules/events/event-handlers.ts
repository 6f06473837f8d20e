import type { Executor } from '../../db/client.ts';
import type { OutboxHandler } from '../../outbox/outbox.ts';
import type { RecordedEvent, WebhookEventType } from './domain-events.ts';

/**
 * What one consumer does with an event, in the outbox job's transaction: queue a mail or a
 * webhook, write a NOC letter's row, append to the decision log.
 */
export type EventHandler = (db: Executor, event: RecordedEvent) => Promise<void>;

/** Every event type with its handlers, in the order they run (app.ts). */
export type EventHandlerTable = Record<WebhookEventType, readonly EventHandler[]>;

/**
 * The outbox's handler of recorded events: the handlers subscribed to the event's type run one
 * after another in the job's own transaction, so all that an event leads to commits exactly
 * once, with the job; if one throws, the others' writes are undone too and the event is retried.
 */
export function deliverEvents(table: EventHandlerTable): OutboxHandler {
  return async (payload) => {
    const event = payload as RecordedEvent;
    // An event this release does not know waits for a replica that does.
    if (!Object.hasOwn(table, event.type)) throw new Error(`no handlers for event ${event.type}`);
    const handlers = table[event.type];
    return async (tx) => {
      for (const handle of handlers) await handle(tx, event);
    };
  };
}
