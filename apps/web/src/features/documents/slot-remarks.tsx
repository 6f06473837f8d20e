import { Box, Text } from '@mantine/core';
import {
  rejectionReasonLabel,
  STATUS_COLOURS,
  type ActorRef,
  type DocumentFile,
  type PreviousReview,
  type RejectionReason,
} from '@portal/domain';
import { addMessages, currentLanguage, useLingui } from '../../i18n';
import { actorLabel, formatDateTime } from './attribution';
import { messages } from '../../i18n/messages/documentPanel';

addMessages(messages);

interface RemarkProps {
  label: string;
  text: string;
  /** A rejection's reason code, read in plain words above the remarks. */
  reason?: RejectionReason | null;
  /** Who wrote it. */
  by: string | null;
  /** When (ISO). */
  at: string | null;
  /** The colour of its edge: a rejection reason reads as one at a glance. */
  colour?: string;
}

/**
 * Remarks as readable text (issue 11: never a greyed-out box), with who wrote them and when.
 * Dark text on a near-white ground keeps WCAG AA contrast.
 */
function Remark({ label, text, reason, by, at, colour = 'gray' }: RemarkProps) {
  return (
    <Box
      component="figure"
      m={0}
      px="sm"
      py="xs"
      bg="var(--mantine-color-gray-0)"
      style={{ borderLeft: `4px solid var(--mantine-color-${colour}-filled)` }}
    >
      <Text component="figcaption" size="sm" fw={700}>
        {label}
      </Text>
      {reason && <Text fw={600}>{rejectionReasonLabel(reason, currentLanguage())}.</Text>}
      <Text
        component="blockquote"
        m={0}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text}
      </Text>
      {(by || at) && (
        <Text size="sm" c="dimmed">
          {by}
          {by && at && ', '}
          {at && <time dateTime={at}>{formatDateTime(at)}</time>}
        </Text>
      )}
    </Box>
  );
}

const reviewer = (reviewedBy: ActorRef | null) => (reviewedBy ? actorLabel(reviewedBy) : null);

/** docs/product.md#validation: the borrower's remarks are fixed once a file exists; written by its uploader. */
export function BorrowerRemarks({ file }: { file: DocumentFile }) {
  const { _ } = useLingui();
  return (
    <Remark
      label={_('documentPanel.remarks.borrower')}
      text={file.borrowerRemarks ?? _('documentPanel.remarks.none')}
      by={file.uploadedBy}
      at={file.createdAt}
    />
  );
}

/** The checker's remarks with the current decision; a rejection's are its reason. */
export function ApproverRemarks({ file }: { file: DocumentFile }) {
  const rejected = file.approvalStatus === 'REJECTED';
  const { _ } = useLingui();
  return (
    <Remark
      label={
        rejected ? _('documentPanel.remarks.approverRejected') : _('documentPanel.remarks.approver')
      }
      text={file.approverRemarks ?? _('documentPanel.remarks.noneYet')}
      reason={rejected ? file.rejectionReason : null}
      by={reviewer(file.reviewedBy)}
      at={file.reviewedAt}
      colour={rejected ? STATUS_COLOURS.REJECTED : undefined}
    />
  );
}

/**
 * The decision on the file this one replaced, kept until a checker reviews this one, so the
 * borrower still reads what they are answering.
 */
export function PreviousReviewRemarks({ review }: { review: PreviousReview }) {
  const rejected = review.approvalStatus === 'REJECTED';
  const { _ } = useLingui();
  return (
    <Remark
      label={
        rejected
          ? _('documentPanel.remarks.previousRejected')
          : _('documentPanel.remarks.previousApproved')
      }
      text={review.approverRemarks ?? _('documentPanel.remarks.none')}
      reason={rejected ? review.rejectionReason : null}
      by={reviewer(review.reviewedBy)}
      at={review.reviewedAt}
      colour={STATUS_COLOURS[review.approvalStatus]}
    />
  );
}
