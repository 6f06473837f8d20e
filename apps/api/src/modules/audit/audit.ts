import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/lists/index.ts';
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
 * lender's people are their name and role only: their sign-in is a work e-mail address, withheld
 * from the actor and from every value of the snapshots before and after (a reviewed file's
 * reviewer, a NOC's first approver).
 */
export async function listHistory(
  db: Executor,
  entityType: AuditEntry['entityType'],
  entityKey: string,
  options = { withholdStaffUsernames: false },
) {
  const rows = await preparedOnce(db, 'audit_events.history', (name) =>
    db
      .select({ event: auditEvents, name: users.name })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(
        and(
          eq(auditEvents.entityType, sql.placeholder('entityType')),
          eq(auditEvents.entityKey, sql.placeholder('entityKey')),
        ),
      )
      .orderBy(asc(auditEvents.id))
      .prepare(name),
  ).execute({ entityType, entityKey });
  const withheld = options.withholdStaffUsernames
    ? await staffUsernamesIn(
        db,
        rows.flatMap(({ event }) => [event.before, event.after]),
      )
    : new Set<string>();
  const reading = (value: unknown) =>
    withheld.size ? mapStrings(value, (text) => (withheld.has(text) ? '' : text)) : value;
  return rows.map(({ event: r, name }) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: {
      username: options.withholdStaffUsernames && r.actorRole !== 'client' ? '' : r.actorUsername,
      role: r.actorRole,
      name: name ?? null,
    },
    action: r.action,
    before: reading(r.before),
    after: reading(r.after),
  }));
}

/** Every string in the snapshots that is a staff member's username (an e-mail address). */
async function staffUsernamesIn(db: Executor, snapshots: unknown[]) {
  const candidates = new Set<string>();
  for (const snapshot of snapshots) {
    mapStrings(snapshot, (text) => {
      if (text.includes('@')) candidates.add(text);
      return text;
    });
  }
  if (candidates.size === 0) return new Set<string>();
  const staff = await db
    .select({ username: users.username })
    .from(users)
    .where(and(inArray(users.username, [...candidates]), ne(users.role, 'client')));
  return new Set(staff.map((u) => u.username));
}

/** `value` with every string in it, however deeply nested, replaced by `replace(string)`. */
function mapStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, replace));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, replace)]));
  return value;
}
