import { eventHandlersFor } from '../src/app.ts';
import { EVENT_TOPIC } from '../src/modules/events/change-recorder.ts';
import { deliverEvents } from '../src/modules/events/event-handlers.ts';
import { createOutboxWorker } from '../src/outbox/outbox.ts';
import type { TestApp } from './app.ts';

/**
 * Runs the handlers of every event recorded so far, as the server's outbox worker does after each
 * change: the mails, webhooks, NOC letters and decision-log rows they lead to are then queued or
 * written (the jobs they queue stay undelivered).
 */
export async function handleEvents(t: TestApp) {
  const quiet = () => {};
  await createOutboxWorker({
    db: t.db,
    handlers: { [EVENT_TOPIC]: deliverEvents(eventHandlersFor(t.env)) },
    topics: [EVENT_TOPIC],
    log: { info: quiet, warn: quiet, error: quiet },
  }).drain();
}
