import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { createOutboxWorker, enqueue } from '../outbox/outbox.ts';
import { createDevOutboxMailer, listDevMail } from './dev-outbox-mailer.ts';
import { enqueueMail, mailHandler, MAIL_TOPIC } from './mail-jobs.ts';
import type { Mailer } from './mailer.ts';

let handle: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'mail-jobs-'));
});
afterAll(async () => {
  await handle?.close();
  await rm(dir, { recursive: true, force: true });
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const soon = () => new Date(Date.now() + 1000);

describe('mail jobs', () => {
  it('sends a message queued in a transaction once the worker runs', async () => {
    const { db } = handle;
    const message = {
      to: 'asha.mehta@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    };
    await db.transaction((tx) => enqueueMail(tx, message));
    expect(await listDevMail(dir)).toEqual([]);

    const mailer = createDevOutboxMailer(dir, 'no-reply@portal.example');
    const worker = createOutboxWorker({
      db,
      handlers: { [MAIL_TOPIC]: mailHandler(mailer) },
      log: silent,
      now: soon,
    });
    await worker.drain();

    expect(await listDevMail(dir)).toEqual([expect.objectContaining(message)]);
  });

  it('refuses a malformed message when it is queued', async () => {
    const bad = { to: '', subject: 'S', text: 'T' } as unknown as Parameters<typeof enqueueMail>[1];
    await expect(enqueueMail(handle.db, bad)).rejects.toThrow();
  });

  it('fails a job whose payload is not a mail message, without sending', async () => {
    const sent: unknown[] = [];
    const mailer: Mailer = { kind: 'smtp', send: async (m) => void sent.push(m) };
    const id = await enqueue(handle.db, { topic: MAIL_TOPIC, payload: { to: 42 } });
    const worker = createOutboxWorker({
      db: handle.db,
      handlers: { [MAIL_TOPIC]: mailHandler(mailer) },
      log: silent,
      now: soon,
    });
    await worker.drain();

    expect(sent).toEqual([]);
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.lastError).toBe(
      'mail job payload is not a mail message (bad to, subject, text, html)',
    );
  });

  it('fails and retries mail jobs when there is no mailer, naming the setting to fix', async () => {
    const id = await enqueueMail(handle.db, {
      to: 'asha.mehta@example.com',
      subject: 'S',
      text: 'T',
      html: '<p>T</p>',
    });
    const worker = createOutboxWorker({
      db: handle.db,
      handlers: { [MAIL_TOPIC]: mailHandler(undefined) },
      log: silent,
      now: soon,
    });
    await worker.drain();

    const [row] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'no mailer configured: set SMTP_URL to send mail in production',
    });
  });
});
