import { useEffect, useRef, useState } from 'react';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  FileResponseSchema,
  rejectionReasonLabel,
  REJECTION_REASONS,
  RejectionReasonSchema,
  type DocumentFile,
  type RejectionReason,
  type ReviewOutcome,
} from '@portal/domain';
import { apiSend } from '../../api/client';
import { addMessages, currentLanguage, i18n, useLingui } from '../../i18n';
import { messages } from '../../i18n/messages/documentPanel';
import { documentParentQuery } from './document-queries';
import type { DocumentSetRef } from './document-set-ref';
import { useAnnounce } from './panel-status';
import { slotMutationKey, type SlotPartProps } from './slot-upload';
import { filePath } from './document-set-ref';

interface SlotReviewProps extends SlotPartProps {
  setRef: DocumentSetRef;
  filesPath: string;
  /** A file the checker may decide on now (the domain's canReview). */
  file: DocumentFile;
}

addMessages(messages);

/** Each verdict's colour and message keys: its button, the button's name, what is announced. */
const VERDICTS: Record<
  ReviewOutcome,
  { colour: string; verb: string; verbOn: string; done: string }
> = {
  APPROVED: {
    colour: 'green',
    verb: 'documentPanel.finalise.approve',
    verbOn: 'documentPanel.review.approveAria',
    done: 'documentPanel.review.approved',
  },
  REJECTED: {
    colour: 'red',
    verb: 'documentPanel.review.reject',
    verbOn: 'documentPanel.review.rejectAria',
    done: 'documentPanel.review.rejected',
  },
};
const OUTCOMES = ['APPROVED', 'REJECTED'] as const;

/**
 * The review part of a slot (docs/product.md#statuses, #validation): a pending file is approved or rejected, always with
 * remarks, and a rejection with its reason from the lender's list. A decision already taken may
 * be changed, with new remarks, while the set awaits the final Submit (the domain's canReview
 * decides when).
 */
export function SlotReview({
  setRef,
  filesPath,
  slot,
  file,
  busy,
  onStarted,
  onFailed,
  writes,
}: SlotReviewProps) {
  const isDecided = file.approvalStatus !== 'PENDING_APPROVAL';
  // The panel's own read of the set, shared and not read again for each slot: under four-eyes
  // release there is no final Submit, and the first approval is what ends the checker's changes.
  const twoApprovals =
    useQuery({ ...documentParentQuery(setRef), refetchOnMount: false }).data?.approvalsRequired ===
    2;
  const [changing, setChanging] = useState(false);
  const [remarks, setRemarks] = useState('');
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonInput = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const announce = useAnnounce();
  const { _ } = useLingui();

  useEffect(() => {
    if (!changing && returnFocus.current) {
      returnFocus.current = false;
      changeButton.current?.focus();
    }
  }, [changing]);

  const review = useMutation({
    mutationKey: slotMutationKey(filesPath, slot.fileType),
    mutationFn: (approvalStatus: ReviewOutcome) =>
      apiSend(
        'PUT',
        filePath(filesPath, file.key),
        {
          approvalStatus,
          approverRemarks: remarks.trim(),
          ...(approvalStatus === 'REJECTED' && { rejectionReason: reason }),
        },
        FileResponseSchema,
      ),
    onMutate: onStarted,
    onSuccess: async (reviewed, approvalStatus) => {
      // The file keeps its key, so this part stays: back to its resting state.
      clearForm();
      setChanging(false);
      announce(i18n._(VERDICTS[approvalStatus].done, { label: slot.label }));
      await writes.fileChanged(reviewed);
    },
    onError: onFailed,
  });

  function clearForm() {
    setRemarks('');
    setReason(null);
    setReasonMissing(false);
  }

  function decide(outcome: ReviewOutcome) {
    if (outcome === 'REJECTED' && !reason) {
      setReasonMissing(true);
      reasonInput.current?.focus();
      return;
    }
    review.mutate(outcome);
  }

  if (isDecided && !changing) {
    return (
      <Group gap="sm">
        <Button
          ref={changeButton}
          variant="default"
          disabled={busy}
          onClick={() => setChanging(true)}
          aria-label={_('documentPanel.review.changeAria', { label: slot.label })}
        >
          {_('documentPanel.review.change')}
        </Button>
        <Text size="sm" c="dimmed">
          {twoApprovals
            ? _('documentPanel.review.untilFirstApproval')
            : _('documentPanel.review.untilFinal')}
        </Text>
      </Group>
    );
  }

  const disabled = busy || review.isPending;
  const language = currentLanguage();
  const reasonOptions = REJECTION_REASONS.map((value) => ({
    value,
    label: rejectionReasonLabel(value, language),
  }));
  return (
    <Stack gap="sm">
      <Textarea
        label={
          isDecided ? _('documentPanel.review.newRemarks') : _('documentPanel.remarks.approver')
        }
        description={isDecided ? _('documentPanel.review.sayWhy') : undefined}
        rows={2}
        maxLength={2000}
        value={remarks}
        onChange={(event) => setRemarks(event.currentTarget.value)}
        disabled={disabled}
        // Opened by "Change decision": the box is where the checker goes next.
        autoFocus={isDecided}
      />
      {/* The remark most approvals carry, in one click; the checker may still write their own. */}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          radius="xl"
          disabled={disabled}
          aria-label={_('documentPanel.review.quickRemarkAria', {
            remark: _('documentPanel.review.verified'),
          })}
          onClick={() => setRemarks(_('documentPanel.review.verified'))}
        >
          {_('documentPanel.review.verified')}
        </Button>
      </Group>
      <Select
        ref={reasonInput}
        label={_('documentPanel.review.reason')}
        description={_('documentPanel.review.reasonHint')}
        placeholder={_('documentPanel.review.chooseReason')}
        data={reasonOptions}
        value={reason}
        onChange={(value) => {
          setReason(RejectionReasonSchema.safeParse(value).data ?? null);
          setReasonMissing(false);
        }}
        error={reasonMissing ? _('documentPanel.review.reasonMissing') : undefined}
        disabled={disabled}
        clearable
      />
      <Group gap="sm">
        {OUTCOMES.map((outcome) => (
          <Button
            key={outcome}
            aria-label={_(VERDICTS[outcome].verbOn, { label: slot.label })}
            color={VERDICTS[outcome].colour}
            // docs/product.md#validation: no review without remarks.
            disabled={remarks.trim() === '' || disabled}
            loading={review.isPending && review.variables === outcome}
            onClick={() => decide(outcome)}
          >
            {_(VERDICTS[outcome].verb)}
          </Button>
        ))}
        {isDecided && (
          <Button
            variant="default"
            disabled={review.isPending}
            onClick={() => {
              returnFocus.current = true;
              clearForm();
              setChanging(false);
            }}
          >
            {_('documentPanel.review.keep')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
