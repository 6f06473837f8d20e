import { eq } from 'drizzle-orm';
import {
  decideRelease,
  decideSendBack,
  DomainError,
  type DocumentSetAction,
  type ReleaseStep,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import type {
  ChangedSet,
  DocumentDeps,
  DocumentSetDefinition,
  DocumentSetParent,
  ParentRef,
} from './document-set.ts';
import { lockSet } from './read-documents.ts';

// Four-eyes NOC release (NOC_TWO_APPROVERS), applied under the set's row lock like every status
// change: the domain's rule decides, the version check makes two people acting at once one win.

/**
 * The step an accepted finalise takes: `final` for a set without four-eyes release (frequencies)
 * or with it off; refused (409) when the first approver would confirm their own approval.
 */
export function releaseStep(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
  action: DocumentSetAction,
): ReleaseStep {
  if (action.type !== 'finalise' || !def.saveFirstApproval) return 'final';
  const release = decideRelease(
    action.requested,
    parent.firstApproval?.by ?? null,
    user,
    deps.nocTwoApprovers ?? false,
  );
  if (!release.ok) throw new DomainError(release.code, { message: release.message });
  return release.step;
}

/**
 * The first of two approvals: recorded, the set still PENDING_APPROVAL (no event yet). Answers the
 * set's columns as saved.
 */
export async function recordFirstApproval<Row>(
  def: DocumentSetDefinition<Row>,
  deps: DocumentDeps,
  tx: Executor,
  user: AuthenticatedUser,
  parent: DocumentSetParent<Row>,
) {
  const at = new Date();
  const saved = await def.saveFirstApproval!(tx, parent.key, parent.version, { by: user.id, at });
  if (!saved) throw new DomainError('STALE_VERSION');
  await recordChange(tx, user, {
    entityType: def.auditTypes.set,
    entityKey: parent.key,
    action: `${def.kind}.first_approved`,
    before: { approvalStatus: parent.status, firstApproval: null },
    after: { approvalStatus: parent.status, firstApproval: { at: at.toISOString() } },
  });
  return saved;
}

/** The second approver's confirmation, audited beside the set's `finalised` it leads to. */
export async function recordConfirmation(
  def: DocumentSetDefinition,
  deps: DocumentDeps,
  tx: Executor,
  user: AuthenticatedUser,
  parent: DocumentSetParent,
) {
  await recordChange(tx, user, {
    entityType: def.auditTypes.set,
    entityKey: parent.key,
    action: `${def.kind}.approval_confirmed`,
    before: { approvalStatus: parent.status, firstApproval: await firstApprovalOf(tx, parent) },
    after: { approvalStatus: 'APPROVED', firstApproval: null },
  });
}

/**
 * A second approver sends a first approval back: cleared, the set stays PENDING_APPROVAL. Answers
 * the set as changed.
 */
export async function sendBackFirstApproval<Row>(
  def: DocumentSetDefinition<Row>,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  ref: ParentRef,
  expectedVersion?: number,
): Promise<ChangedSet<Row>> {
  return deps.db.transaction(async (tx) => {
    const { parent, files } = await lockSet(def, tx, user, ref);
    if (!def.saveFirstApproval) throw new DomainError('ILLEGAL_TRANSITION');
    const verdict = decideSendBack(parent.status, parent.firstApproval?.by ?? null, user);
    if (!verdict.ok) throw new DomainError(verdict.code, { message: verdict.message });
    if (expectedVersion !== undefined && expectedVersion !== parent.version)
      throw new DomainError('STALE_VERSION');
    const saved = await def.saveFirstApproval(tx, parent.key, parent.version, null);
    if (!saved) throw new DomainError('STALE_VERSION');
    await recordChange(tx, user, {
      entityType: def.auditTypes.set,
      entityKey: parent.key,
      action: `${def.kind}.sent_back`,
      before: { approvalStatus: parent.status, firstApproval: await firstApprovalOf(tx, parent) },
      after: { approvalStatus: parent.status, firstApproval: null },
    });
    return { row: { ...parent.row, ...saved }, files };
  });
}

/** The first approval as the history keeps it: who (by username) and when. */
async function firstApprovalOf(tx: Executor, parent: DocumentSetParent) {
  if (!parent.firstApproval) return null;
  const [approver] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, parent.firstApproval.by));
  return { by: approver?.username ?? null, at: parent.firstApproval.at.toISOString() };
}
