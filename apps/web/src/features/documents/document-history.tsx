import { Button, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { rejectionReasonLabel, RejectionReasonSchema, type AuditEvent } from '@portal/domain';
import { PageLoader } from '../../components/page-loader';
import { actorLabel, formatDateTime } from './attribution';
import type { DocumentSetRef } from './document-set-ref';
import { documentHistoryQuery } from './document-queries';

/** The parts of an audit event's before/after the timeline describes (DESIGN §4 "History"). */
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
  })
  .nullable()
  .catch(null);

/** What happened, in words; an action this screen does not know is shown by its name. */
function describe(event: AuditEvent, labelOf: (fileType: string) => string): string {
  const before = SnapshotSchema.parse(event.before);
  const after = SnapshotSchema.parse(event.after);
  const file = after?.file ?? before?.file;
  const document = file ? labelOf(file.fileType) : 'a document';
  switch (event.action.split('.').slice(-1)[0]) {
    case 'uploaded':
      return file?.fileName
        ? `Uploaded ${document}: ${file.fileName}`
        : `Added remarks for ${document} (no file)`;
    case 'reviewed': {
      const verdict = after?.file?.approvalStatus === 'APPROVED' ? 'Approved' : 'Rejected';
      const remarks = after?.file?.approverRemarks;
      const reason = after?.file?.rejectionReason;
      const decided = reason
        ? `${verdict} ${document} (${rejectionReasonLabel(reason)})`
        : `${verdict} ${document}`;
      return remarks ? `${decided}: “${remarks}”` : decided;
    }
    case 'discarded':
      return `Discarded ${document}${file?.fileName ? `: ${file.fileName}` : ''}`;
    case 'remarks_changed':
      return `Changed the remarks on ${document}`;
    case 'submitted':
      return 'Submitted to the checker';
    case 'finalised':
      return `Finalised as ${after?.approvalStatus ?? 'reviewed'}`;
    case 'reopened':
      return 'Reopened for changes';
    case 'first_approved':
      return 'Approved: the first of two approvals';
    case 'approval_confirmed':
      return 'Confirmed the first approval (the second of two)';
    case 'sent_back':
      return 'Sent back for review: the first approval withdrawn';
    case 'created':
      return 'Created';
    default:
      return event.action;
  }
}

/** DESIGN §4: every change of the set, oldest first: who (and their role), when, what. */
export function DocumentHistory({ setRef }: { setRef: DocumentSetRef }) {
  const history = useQuery(documentHistoryQuery(setRef));
  if (history.isPending) return <PageLoader label="Loading the history…" />;
  if (history.isError) {
    return (
      <Text c="red.9">
        The history could not be loaded. {history.error.message}{' '}
        <Button size="compact-sm" variant="default" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </Text>
    );
  }
  if (history.data.length === 0) return <Text c="dimmed">Nothing has happened yet.</Text>;

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
