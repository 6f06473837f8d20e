import { Button, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  rejectionReasonLabel,
  RejectionReasonSchema,
  ReviewOutcomeSchema,
  unitCheckerLabel,
  type AuditEvent,
} from '@portal/domain';
import { PageLoader } from '../../components/page-loader';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { actorLabel, formatDateTime } from './attribution';
import type { DocumentSetRef } from './document-set-ref';
import { documentHistoryQuery } from './document-queries';
import { messages } from '../../i18n/messages/documentPanel';

addMessages(messages);

/** The parts of an audit event's before/after the timeline describes (docs/product.md#api "History"). */
const SnapshotSchema = z
  .object({
    approvalStatus: z.string().optional(),
    file: z
      .object({
        fileType: z.string(),
        fileName: z.string().nullable(),
        approvalStatus: z.string(),
        approverRemarks: z.string().nullable(),
        // Events recorded before reasons were asked for have none.
        rejectionReason: RejectionReasonSchema.nullish(),
      })
      .optional(),
    // A NOC letter's revocation.
    letterNumber: z.string().optional(),
    reason: z.string().optional(),
  })
  .nullable()
  .catch(null);

/** A final outcome as the status badges name it; an older event without one is "reviewed". */
function outcomeLabel(status: string | undefined): string {
  const outcome = ReviewOutcomeSchema.safeParse(status);
  if (outcome.success) return unitCheckerLabel(outcome.data, false, currentLanguage());
  return status ?? i18n._('documentPanel.history.reviewed');
}

/** What happened, in words; an action this screen does not know yet says only that something changed. */
function describe(event: AuditEvent, labelOf: (fileType: string) => string): string {
  const before = SnapshotSchema.parse(event.before);
  const after = SnapshotSchema.parse(event.after);
  const file = after?.file ?? before?.file;
  const document = file ? labelOf(file.fileType) : i18n._('documentPanel.history.aDocument');
  const fileName = file?.fileName;
  switch (event.action.split('.').slice(-1)[0]) {
    case 'uploaded':
      return fileName
        ? i18n._('documentPanel.history.uploaded', { document, fileName })
        : i18n._('documentPanel.history.remarksOnly', { document });
    case 'reviewed': {
      const verdict =
        after?.file?.approvalStatus === 'APPROVED'
          ? i18n._('documentPanel.history.approved', { document })
          : i18n._('documentPanel.history.rejected', { document });
      const remarks = after?.file?.approverRemarks;
      const reason = after?.file?.rejectionReason;
      const decision = reason
        ? i18n._('documentPanel.history.withReason', {
            decision: verdict,
            reason: rejectionReasonLabel(reason, currentLanguage()),
          })
        : verdict;
      return remarks
        ? i18n._('documentPanel.history.withRemarks', { decision, remarks })
        : decision;
    }
    case 'replaced':
      return i18n._('documentPanel.history.replaced', {
        document,
        fileName: fileName ?? '',
        previous: before?.file?.fileName ?? i18n._('documentPanel.history.aDocument'),
      });
    case 'marked_for_approval':
      return i18n._('documentPanel.history.markedForApproval', { document });
    case 'quarantined':
      return i18n._('documentPanel.history.quarantined', { document });
    case 'discarded':
      return fileName
        ? i18n._('documentPanel.history.discardedFile', { document, fileName })
        : i18n._('documentPanel.history.discarded', { document });
    case 'remarks_changed':
      return i18n._('documentPanel.history.remarksChanged', { document });
    case 'submitted':
      return i18n._('documentPanel.history.submitted');
    case 'finalised':
      return i18n._('documentPanel.history.finalised', {
        status: outcomeLabel(after?.approvalStatus),
      });
    case 'reopened':
      return i18n._('documentPanel.history.reopened');
    case 'first_approved':
      return i18n._('documentPanel.history.firstApproved');
    case 'approval_confirmed':
      return i18n._('documentPanel.history.approvalConfirmed');
    case 'sent_back':
      return i18n._('documentPanel.history.sentBack');
    case 'created':
      return i18n._('documentPanel.history.created');
    case 'revoked':
      return i18n._('documentPanel.history.nocRevoked', {
        letterNumber: after?.letterNumber,
        reason: after?.reason,
      });
    default:
      return i18n._('documentPanel.history.changed');
  }
}

/** docs/product.md#api: every change of the set, oldest first: who (and their role), when, what. */
export function DocumentHistory({ setRef }: { setRef: DocumentSetRef }) {
  const history = useQuery(documentHistoryQuery(setRef));
  const { _ } = useLingui();
  if (history.isPending) return <PageLoader label={_('documentPanel.history.loading')} />;
  if (history.isError) {
    return (
      <Text c="red.9">
        {_('documentPanel.history.loadFailed', { message: history.error.message })}{' '}
        <Button size="compact-sm" variant="default" onClick={() => void history.refetch()}>
          {_('documentPanel.tryAgain')}
        </Button>
      </Text>
    );
  }
  if (history.data.length === 0) return <Text c="dimmed">{_('documentPanel.history.empty')}</Text>;

  const labelOf = (fileType: string) =>
    setRef.slots.find((slot) => slot.fileType === fileType)?.label ?? fileType;
  return (
    <Timeline active={history.data.length - 1} bulletSize={14} lineWidth={2}>
      {history.data.map((event) => (
        <Timeline.Item key={event.id} title={describe(event, labelOf)}>
          <Text size="sm" c="dimmed">
            {actorLabel(event.actor)} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
