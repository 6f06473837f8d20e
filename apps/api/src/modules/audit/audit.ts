import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

export interface Actor {
  id: string | null;
  username: string;
  role: string;
}

export interface AuditEntry {
  entityType:
    | 'account'
    | 'unit'
    | 'frequency'
    | 'unit_file'
    | 'frequency_file'
    | 'loan_statement'
    | 'user'
    | 'noc_letter';
  entityKey: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Every change writes one event (docs/product.md#api): who, role, when, what, before → after. */
export async function recordAudit(db: Executor, actor: Actor, entry: AuditEntry) {
  await db.insert(auditEvents).values({
    actorUserId: actor.id,
    actorUsername: actor.username,
    actorRole: actor.role,
    entityType: entry.entityType,
    entityKey: entry.entityKey,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The history of one entity, oldest first, in the shape of docs/product.md#api "History". */
export async function listHistory(
  db: Executor,
  entityType: AuditEntry['entityType'],
  entityKey: string,
) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityKey, entityKey)))
    .orderBy(asc(auditEvents.id));
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: { username: r.actorUsername, role: r.actorRole },
    action: r.action,
    before: r.before,
    after: r.after,
  }));
}
