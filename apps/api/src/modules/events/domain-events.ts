import type { FraudFlag, RejectionReason } from '@portal/domain';

/** The events the lender's CRM receives (issue: webhooks), one per change that matters to it. */
export const WEBHOOK_EVENT_TYPES = [
  'unit.submitted',
  'unit.finalised',
  'frequency.created',
  'frequency.submitted',
  'frequency.finalised',
  'frequency.reopened',
  'file.uploaded',
  'file.replaced',
  'file.marked_for_approval',
  'file.reviewed',
  'file.quarantined',
  'loan_statement.requested',
  'loan_statement.fulfilled',
  'noc_letter.issued',
  'noc_letter.revoked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** docs/product.md#api "Webhooks": the entity's key, its parents' keys, fileType for file events, the status after. */
export interface EventData {
  key: string;
  accountId: string;
  unitKey?: string;
  projectKey?: string;
  opportunityKey?: string;
  frequencyKey?: string;
  collateralKey?: string;
  fileType?: string;
  approvalStatus?: string;
  /** file.reviewed: the reason code of a rejection. */
  rejectionReason?: string;
  status?: string;
  /** file.uploaded / file.replaced: signals for the checker ([] when none). */
  fraudFlags?: FraudFlag[];
  /** file.quarantined: the malware signature the scanner named. */
  scanResult?: string;
}

export interface DomainEvent {
  type: WebhookEventType;
  /**
   * Events with one key are handled, and their webhooks delivered, in order: a set's own and its
   * files' events share `unit:KEY` or `frequency:KEY`, so a CRM sees a whole cycle in order.
   */
  orderingKey: string;
  data: EventData;
  /** What the portal's own handlers need that the CRM is not sent (docs/product.md#api fixes `data`). */
  context?: EventContext;
}

export interface EventContext {
  /** A set's final decision: when the set was last submitted (its waiting time starts there). */
  submittedAt?: string | null;
  /** A set's rejection: the documents rejected, as the borrower's e-mail names them. */
  rejected?: { fileType: string; reason: RejectionReason | null; remarks: string | null }[];
}

/** An event as the outbox keeps it for its handlers: the change, who made it, and when. */
export interface RecordedEvent extends DomainEvent {
  /** Stable: the webhook carries it, so the CRM can de-duplicate redeliveries. */
  id: string;
  occurredAt: string;
  actor: { id: string | null; username: string; role: string };
}

export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  actor: { username: string; role: string };
  data: EventData;
}
