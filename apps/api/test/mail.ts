import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { outbox } from '../src/db/schema.ts';

/** The newest mail job queued for an address (tests read codes from the outbox, as the worker would). */
export async function latestMailTo(db: Database, to: string) {
  const [job] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail'), sql`${outbox.payload}->>'to' = ${to}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return job?.payload as { to: string; subject: string; text: string; html: string } | undefined;
}

export async function latestCodeFor(db: Database, to: string): Promise<string> {
  const mail = await latestMailTo(db, to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
