import type { Executor } from '../../db/client.ts';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.ts';
import { recordNocLetter, type NocLetterConfig } from '../noc-letters/issue-noc-letter.ts';
import type { DomainEvent } from './domain-events.ts';
import { queueNotifications, type NotificationConfig } from './notifications.ts';
import { enqueueWebhook } from './webhooks.ts';

export interface Change extends AuditEntry {
  /** Set when the change is one the CRM and the notifications care about. */
  event?: DomainEvent;
}

export interface ChangeRecorder {
  record(db: Executor, actor: Actor, change: Change): Promise<void>;
}

/**
 * The one place a change leaves its traces, inside the change's transaction: the audit event
 * (always), the CRM webhook (when configured), the e-mails it triggers, and for a unit's final
 * approval (whoever's approval makes it final) its NOC letter.
 */
export function createChangeRecorder(
  config: NotificationConfig & { webhooks: boolean; nocLetters: NocLetterConfig },
): ChangeRecorder {
  return {
    async record(db, actor, change) {
      const { event, ...entry } = change;
      await recordAudit(db, actor, entry);
      if (!event) return;
      if (config.webhooks) await enqueueWebhook(db, actor, event);
      await queueNotifications(db, event, config);
      if (event.type === 'unit.finalised' && event.data.approvalStatus === 'APPROVED') {
        await recordNocLetter(db, actor, event.data.key, config.nocLetters);
      }
    },
  };
}
