import type { ApprovalStatus, DocumentSetKind, RejectionReason } from '@portal/domain';
import { reviewDecisions } from '../../db/schema.ts';
import type { EventData, RecordedEvent } from '../events/domain-events.ts';
import type { EventHandler } from '../events/event-handlers.ts';

/** The set an event belongs to: its own, or its file's. */
function setOf(data: EventData): { kind: DocumentSetKind; parentKey: string } {
  return data.unitKey !== undefined
    ? { kind: 'unit', parentKey: data.unitKey }
    : { kind: 'frequency', parentKey: data.frequencyKey! };
}

/** Who decided, and when: the decision's own time, however late its event is handled. */
const decision = (event: RecordedEvent) => ({
  at: new Date(event.occurredAt),
  decidedBy: event.actor.id,
  accountKey: event.data.accountId,
  outcome: event.data.approvalStatus as ApprovalStatus,
});

/**
 * file.reviewed: a checker's decision on one file, appended to the decision log: every review
 * counts, a changed decision too (the report counts rejections given).
 */
export const logFileDecision: EventHandler = async (db, event) => {
  await db.insert(reviewDecisions).values({
    ...setOf(event.data),
    ...decision(event),
    subject: 'file',
    fileKey: event.data.key,
    fileType: event.data.fileType ?? null,
    rejectionReason: (event.data.rejectionReason as RejectionReason | undefined) ?? null,
  });
};

/**
 * unit.finalised, frequency.finalised: the final decision on a set, with the time it was last
 * submitted: its waiting time runs from there to the decision.
 */
export const logSetDecision: EventHandler = async (db, event) => {
  await db.insert(reviewDecisions).values({
    ...setOf(event.data),
    ...decision(event),
    subject: 'set',
    submittedAt: event.context?.submittedAt ? new Date(event.context.submittedAt) : null,
  });
};
