import {
  actionForRequestedStatus,
  decide,
  DomainError,
  REQUIRED_FILE_COUNT,
  type ApprovalStatus,
  type DocumentSetKind,
  type DomainErrorCode,
  type ErrorDetails,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { recordChange } from '../events/change-recorder.ts';
import type { AuthenticatedUser } from '../identity/sessions.ts';
import type { EventContext } from '../events/domain-events.ts';
import type { DocumentFileRecord } from './document-files.repository.ts';
import {
  actorFor,
  type ChangedSet,
  type DocumentDeps,
  type DocumentSetDefinition,
  type DocumentSetParent,
  type ParentRef,
} from './document-set.ts';
import { lockSet } from './read-documents.ts';
import { recordConfirmation, recordFirstApproval, releaseStep } from './noc-release.ts';

const ACTION_NAMES = { submit: 'submitted', finalise: 'finalised', reopen: 'reopened' } as const;

/**
 * One status change of a set (docs/product.md#statuses), decided by the domain's one transition function and
 * applied in the caller's transaction under the parent's row lock, so two people acting at once
 * cannot both win: the second sees the new state and gets 409.
 */
async function applyTransition<Row>(
  def: DocumentSetDefinition<Row>,
  deps: DocumentDeps,
  tx: Executor,
  user: AuthenticatedUser,
  ref: ParentRef,
  requested: ApprovalStatus,
  expectedVersion?: number,
): Promise<ChangedSet<Row>> {
  const { parent, files } = await lockSet(def, tx, user, ref);
  const action = actionForRequestedStatus(requested);
  const decision = decide(
    def.kind,
    { status: parent.status, slots: parent.slots, files },
    action,
    actorFor(user, parent),
  );
  if (!decision.ok)
    throw new DomainError(decision.code, detailsFor(decision.code, def.kind, parent.key));
  if (expectedVersion !== undefined && expectedVersion !== parent.version)
    throw new DomainError('STALE_VERSION');
  // Four-eyes NOC release: a first approval is recorded and the unit is not finalised yet.
  const release = releaseStep(def, deps, user, parent, action);
  if (release === 'firstApproval') {
    const saved = await recordFirstApproval(def, deps, tx, user, parent);
    return { row: { ...parent.row, ...saved }, files };
  }
  if (release === 'confirmation') await recordConfirmation(def, deps, tx, user, parent);

  for (const [i, next] of decision.next.files.entries()) {
    const before = files[i]!;
    if (
      next.approvalStatus !== before.approvalStatus ||
      next.approverRemarks !== before.approverRemarks
    ) {
      await def.files.update(tx, before.key, {
        approvalStatus: next.approvalStatus,
        approverRemarks: next.approverRemarks,
        // Who reviewed, when, and the rejection's reason belong to the remarks: cleared with them.
        ...(next.approverRemarks === null && {
          reviewedBy: null,
          reviewedAt: null,
          rejectionReason: null,
        }),
      });
    }
  }
  const saved = await def.saveStatus(tx, parent.key, parent.version, {
    approvalStatus: decision.next.status,
    ...(action.type === 'submit' && { submittedAt: new Date() }),
  });
  if (!saved) throw new DomainError('STALE_VERSION');
  // Units never reopen (the domain refuses it), so a reopen is always a frequency's.
  const type =
    action.type === 'reopen'
      ? 'frequency.reopened'
      : (`${def.kind}.${ACTION_NAMES[action.type]}` as const);
  await recordChange(tx, user, {
    entityType: def.auditTypes.set,
    entityKey: parent.key,
    action: type,
    before: { approvalStatus: parent.status },
    after: { approvalStatus: decision.next.status },
    event: {
      type,
      orderingKey: `${def.kind}:${parent.key}`,
      data: { ...parent.eventData, key: parent.key, approvalStatus: decision.next.status },
      ...(action.type === 'finalise' && {
        context: finalDecisionContext(parent, decision.next.files),
      }),
    },
  });
  return { row: { ...parent.row, ...saved }, files: decision.next.files };
}

/**
 * What a final decision's handlers need as it was decided: the submit it answers (the decision
 * log's waiting time), and for a rejection the documents rejected (the borrower's e-mail).
 */
function finalDecisionContext(
  parent: DocumentSetParent,
  files: readonly DocumentFileRecord[],
): EventContext {
  return {
    submittedAt: parent.submittedAt?.toISOString() ?? null,
    rejected: files
      .filter((file) => file.approvalStatus === 'REJECTED')
      .map((file) => ({
        fileType: file.fileType,
        reason: file.rejectionReason,
        remarks: file.approverRemarks,
      })),
  };
}

/** docs/product.md#limits's count of documents when a set is not ready to submit, else the code's own message. */
function detailsFor(
  code: DomainErrorCode,
  kind: DocumentSetKind,
  key: string,
): ErrorDetails<DomainErrorCode> {
  if (code !== 'NOT_READY_TO_SUBMIT') return {};
  return {
    message: `domain.error.NOT_READY_TO_SUBMIT.${kind}`,
    values: { key, count: REQUIRED_FILE_COUNT[kind] },
  };
}

/** PUT with an approvalStatus: submit, finalise or reopen one set; answers the set as changed. */
export async function changeSetStatus<Row>(
  def: DocumentSetDefinition<Row>,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  ref: ParentRef,
  requested: ApprovalStatus,
  expectedVersion?: number,
) {
  return deps.db.transaction((tx) =>
    applyTransition(def, deps, tx, user, ref, requested, expectedVersion),
  );
}

/**
 * Bulk submit to the checker (docs/product.md#api): all or nothing, in one transaction. Answers the sets as
 * submitted, in the order of `keys`.
 */
export async function submitSets<Row>(
  def: DocumentSetDefinition<Row>,
  deps: DocumentDeps,
  user: AuthenticatedUser,
  keys: string[],
) {
  return deps.db.transaction(async (tx) => {
    const done = new Map<string, ChangedSet<Row>>();
    // A stable order, so two overlapping bulk submits lock rows in the same order.
    for (const key of [...keys].sort())
      done.set(key, await applyTransition(def, deps, tx, user, { key }, 'PENDING_APPROVAL'));
    return keys.map((key) => done.get(key)!);
  });
}
