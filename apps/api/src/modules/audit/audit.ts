import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema.ts';

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

/**
 * The history of one entity, oldest first, in the shape of docs/product.md#api "History", each actor with
 * their name as the portal knows it now. For `withholdStaffUsernames` (a borrower's reading) the
 * lender's people are their name and role only: their sign-in is a work e-mail address.
 */
export async function listHistory(
  db: Executor,
  entityType: AuditEntry['entityType'],
  entityKey: string,
  options = { withholdStaffUsernames: false },
) {
  const rows = await db
    .select({ event: auditEvents, name: users.name })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityKey, entityKey)))
    .orderBy(asc(auditEvents.id));
  return rows.map(({ event: r, name }) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: {
      username: options.withholdStaffUsernames && r.actorRole !== 'client' ? '' : r.actorUsername,
      role: r.actorRole,
      name: name ?? null,
    },
    action: r.action,
    before: r.before,
    after: r.after,
  }));
}
