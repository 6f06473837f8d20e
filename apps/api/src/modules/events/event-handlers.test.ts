import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { auditEvents, outbox } from '../../db/schema.ts';
import { createOutboxWorker, enqueue } from '../../outbox/outbox.ts';
import { EVENT_TOPIC, recordChange } from './change-recorder.ts';
import { WEBHOOK_EVENT_TYPES, type RecordedEvent } from './domain-events.ts';
import { deliverEvents, type EventHandler, type EventHandlerTable } from './event-handlers.ts';

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await db.delete(outbox);
  await db.delete(auditEvents);
});

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const checker = { id: null, username: 'checker', role: 'approver' };

/** A handler that leaves its mark as a job of its own (a write in the event's transaction). */
const marking =
  (name: string): EventHandler =>
  async (tx, event) => {
    await enqueue(tx, { topic: 'mark', payload: { handler: name, event: event.id } });
  };

/** Every event type with no handler, but those given. */
const tableWith = (handlers: Partial<EventHandlerTable>) =>
  Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [type, handlers[type] ?? []]),
  ) as EventHandlerTable;

/** Records a change with an event of the unit, as a service does in its transaction. */
const recordSubmitted = (unitKey: string) =>
  db.transaction((tx) =>
    recordChange(tx, checker, {
      entityType: 'unit',
      entityKey: unitKey,
      action: 'unit.submitted',
      event: {
        type: 'unit.submitted',
        orderingKey: `unit:${unitKey}`,
        data: { key: unitKey, accountId: 'ACC1', unitKey },
      },
    }),
  );

const marks = async () =>
  (
    await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.topic, 'mark'))
      .orderBy(asc(outbox.id))
  ).map((row) => row.payload as { handler: string; event: string });

const recordedEvents = async () =>
  (
    await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.topic, EVENT_TOPIC))
      .orderBy(asc(outbox.id))
  ).map((row) => row.payload as RecordedEvent);

it('records the audit row and one event in the change’s transaction, and nothing else', async () => {
  await recordSubmitted('U1');
  await expect(
    db.transaction(async (tx) => {
      await recordChange(tx, checker, {
        entityType: 'unit',
        entityKey: 'U2',
        action: 'unit.submitted',
        event: {
          type: 'unit.submitted',
          orderingKey: 'unit:U2',
          data: { key: 'U2', accountId: 'A' },
        },
      });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');

  expect(await db.select({ entityKey: auditEvents.entityKey }).from(auditEvents)).toEqual([
    { entityKey: 'U1' },
  ]);
  const jobs = await db.select().from(outbox);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ topic: EVENT_TOPIC, orderingKey: 'event:unit:U1' });
  expect(jobs[0]!.payload).toMatchObject({
    type: 'unit.submitted',
    actor: checker,
    data: { key: 'U1', unitKey: 'U1' },
  });
});

it('runs an event’s handlers in the table’s order, once, and only those of its type', async () => {
  await recordSubmitted('U1');
  await db.transaction((tx) =>
    recordChange(tx, checker, {
      entityType: 'unit',
      entityKey: 'U1',
      action: 'unit.finalised',
      event: {
        type: 'unit.finalised',
        orderingKey: 'unit:U1',
        data: { key: 'U1', accountId: 'ACC1', approvalStatus: 'APPROVED' },
      },
    }),
  );
  const [submitted, finalised] = await recordedEvents();
  const worker = createOutboxWorker({
    db,
    log: quiet,
    handlers: {
      [EVENT_TOPIC]: deliverEvents(
        tableWith({
          'unit.submitted': [marking('mail'), marking('crm')],
          'unit.finalised': [marking('log'), marking('letter'), marking('crm')],
        }),
      ),
    },
    topics: [EVENT_TOPIC],
  });
  await worker.drain();
  await worker.drain();

  expect(await marks()).toEqual([
    { handler: 'mail', event: submitted!.id },
    { handler: 'crm', event: submitted!.id },
    { handler: 'log', event: finalised!.id },
    { handler: 'letter', event: finalised!.id },
    { handler: 'crm', event: finalised!.id },
  ]);
  const statuses = await db
    .select({ status: outbox.status })
    .from(outbox)
    .where(eq(outbox.topic, EVENT_TOPIC));
  expect(statuses).toEqual([{ status: 'done' }, { status: 'done' }]);
});

it('undoes every handler’s writes when one fails, and holds back the entity’s later events', async () => {
  await recordSubmitted('U1');
  await recordSubmitted('U1');
  await recordSubmitted('U2');
  let time = Date.now() + 1000;
  let failures = 1;
  const flaky: EventHandler = async (tx, event) => {
    if (event.data.key === 'U1' && failures-- > 0) throw new Error('mail template broken');
    await marking('crm')(tx, event);
  };
  const worker = createOutboxWorker({
    db,
    log: quiet,
    handlers: {
      [EVENT_TOPIC]: deliverEvents(tableWith({ 'unit.submitted': [marking('mail'), flaky] })),
    },
    topics: [EVENT_TOPIC],
    now: () => new Date(time),
  });
  await worker.drain();
  const [first, second, other] = await recordedEvents();
  // U1's first event failed whole (its mail's mark undone with it) and its second waits behind
  // it; U2's went ahead.
  expect(await marks()).toEqual([
    { handler: 'mail', event: other!.id },
    { handler: 'crm', event: other!.id },
  ]);
  const [failed] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, EVENT_TOPIC), eq(outbox.status, 'pending')))
    .orderBy(asc(outbox.id));
  expect(failed).toMatchObject({ attempts: 1, lastError: 'mail template broken' });

  time += 60 * 60_000;
  await worker.drain();
  expect((await marks()).slice(2)).toEqual([
    { handler: 'mail', event: first!.id },
    { handler: 'crm', event: first!.id },
    { handler: 'mail', event: second!.id },
    { handler: 'crm', event: second!.id },
  ]);
});

it('refuses an event type it has no handlers for, leaving it for a replica that has', async () => {
  await enqueue(db, {
    topic: EVENT_TOPIC,
    payload: { type: 'unit.teleported', data: {} },
    orderingKey: 'event:unit:U9',
  });
  await createOutboxWorker({
    db,
    log: quiet,
    handlers: { [EVENT_TOPIC]: deliverEvents(tableWith({})) },
  }).runOnce();
  const [job] = await db.select().from(outbox);
  expect(job).toMatchObject({
    status: 'pending',
    attempts: 1,
    lastError: 'no handlers for event unit.teleported',
  });
});

it('has two workers at once handle each event exactly once, each entity’s in order', async () => {
  const units = ['U1', 'U2', 'U3'];
  for (let round = 0; round < 8; round++) {
    for (const unit of units) await recordSubmitted(unit);
  }
  // Slow enough that both workers are busy at once (PostgreSQL; PGlite takes turns).
  const slow: EventHandler = async (tx, event) => {
    await sleep(5);
    await marking(event.data.key)(tx, event);
  };
  const worker = () =>
    createOutboxWorker({
      db,
      log: quiet,
      handlers: { [EVENT_TOPIC]: deliverEvents(tableWith({ 'unit.submitted': [slow] })) },
      batchSize: 3,
    });
  await Promise.all([worker().drain(), worker().drain()]);

  const recorded = await recordedEvents();
  const handled = await marks();
  expect(handled.map((mark) => mark.event).sort()).toEqual(recorded.map((e) => e.id).sort());
  for (const unit of units) {
    expect(handled.filter((mark) => mark.handler === unit).map((mark) => mark.event)).toEqual(
      recorded.filter((event) => event.data.key === unit).map((event) => event.id),
    );
  }
});
